import { hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '@innerview/kit/db';
import { and, asc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { aadOf, fromBase64url, KEY_BYTES, open, seal, toBase64url } from './aes-gcm.ts';
import type { DataKeysTable } from './data-keys-table.ts';
import { DataKeyDestroyedError, DecryptionError } from './errors.ts';
import { KeyCache } from './key-cache.ts';
import { type KeyRing, keyOfVersion } from './key-ring.ts';

/** The text envelope: `v1.<iv>.<ciphertext+tag>`, both parts base64url. */
const TEXT_PREFIX = 'v1';
/** The binary envelope: one version byte, the 12-byte iv, then ciphertext and tag. */
const BYTES_VERSION = 1;

export interface UserCryptoOptions {
  /**
   * The service's database (not a transaction): a missing data key is created here and committed
   * at once, so a key is never cached that a rolled-back transaction took away.
   */
  db: Queryable;
  /** The service's `dataKeysTable()`. */
  table: DataKeysTable;
  /** Wraps new data keys with its current version; unwraps with the version stored on each row. */
  masterKeys: KeyRing;
  /** How long an unwrapped key stays cached (default 60 s; 0 turns the cache off). */
  cacheTtlMs?: number;
  /** At most this many cached keys (default 10 000). */
  cacheMaxEntries?: number;
  /** Milliseconds now, for tests; defaults to Date.now. */
  now?: () => number;
}

/**
 * Per-user encryption at rest (docs/architecture.md#data-stores): AES-256-GCM under one data key per user, the data
 * key wrapped by the master key. Destroying a user's key makes everything encrypted for them
 * unreadable, wherever copies of it went (replicas, backups).
 *
 * `aad` names what the value is (e.g. `answers.question_3`). It is bound into the tag together with
 * the user id, so a ciphertext moved to another user, row or field no longer decrypts.
 *
 * The optional `q` lets a caller inside a transaction read (and destroy) through that
 * transaction; encryption always uses `db`: call it before opening the transaction.
 */
export interface UserCrypto {
  encryptForUser(userId: string, plaintext: string, aad?: string): Promise<string>;
  /** Throws DecryptionError (tampered, wrong user or aad) or DataKeyDestroyedError (erased). */
  decryptForUser(userId: string, envelope: string, aad?: string, q?: Queryable): Promise<string>;
  /** Binary variants for file contents: no base64 overhead. */
  encryptBytesForUser(userId: string, plaintext: Uint8Array, aad?: string): Promise<Buffer>;
  decryptBytesForUser(userId: string, envelope: Uint8Array, aad?: string, q?: Queryable): Promise<Buffer>;
  /**
   * A key of its own for one purpose (e.g. `chat.search.v1`), derived from the user's data key
   * (HKDF-SHA256): keyed tokens made with it are worthless once the data key is destroyed.
   * Creates the data key on first use, like encryption.
   */
  derivedKeyForUser(userId: string, purpose: string): Promise<Buffer>;
  /**
   * Erasure: forgets the user's data key for good (idempotent). From then on decrypting fails with
   * DataKeyDestroyedError and encrypting for that user is refused the same way.
   */
  destroyUserKey(userId: string, q?: Queryable): Promise<void>;
  /**
   * After a master-key rotation: re-wraps every data key still wrapped by an older master key with
   * the current one, so the old master key can then be retired. Returns how many were re-wrapped
   * and which users' keys could not be unwrapped (damaged rows, or a master key not configured).
   */
  rewrapDataKeys(options?: { batchSize?: number }): Promise<{ rewrapped: number; unreadable: string[] }>;
}

function dataAad(userId: string, aad: string): string {
  return aadOf('innerview.user-data.v1', userId, aad);
}

function wrapAad(userId: string, version: number): string {
  return aadOf('innerview.data-key.v1', userId, version);
}

export function createUserCrypto(options: UserCryptoOptions): UserCrypto {
  const { db, table, masterKeys } = options;
  const now = options.now ?? Date.now;
  const cache = new KeyCache({
    ttlMs: options.cacheTtlMs ?? 60_000,
    maxEntries: options.cacheMaxEntries ?? 10_000,
    now,
  });

  const wrap = (userId: string, key: Buffer): string => {
    const { version, key: master } = masterKeys.current;
    const sealed = seal(master, key, wrapAad(userId, version));
    return `${toBase64url(sealed.iv)}.${toBase64url(sealed.body)}`;
  };

  const unwrap = (userId: string, wrapped: string, version: number): Buffer => {
    const [iv, body, extra] = wrapped.split('.');
    if (iv === undefined || body === undefined || extra !== undefined)
      throw new DecryptionError(`the data key of user ${userId} is malformed`);
    const key = open(
      keyOfVersion(masterKeys, version),
      fromBase64url(iv),
      fromBase64url(body),
      wrapAad(userId, version),
    );
    if (key.length !== KEY_BYTES) throw new DecryptionError(`the data key of user ${userId} is malformed`);
    return key;
  };

  const readRow = async (q: Queryable, userId: string) => {
    const [row] = await q.select().from(table).where(eq(table.userId, userId)).limit(1);
    return row;
  };

  const usable = (
    userId: string,
    row: { wrappedKey: string | null; keyVersion: number; destroyedAt: Date | null },
  ) => {
    if (row.destroyedAt || row.wrappedKey === null) throw new DataKeyDestroyedError(userId);
    const key = unwrap(userId, row.wrappedKey, row.keyVersion);
    cache.set(userId, key);
    return key;
  };

  /** The user's key, made on first use. A concurrent first use elsewhere wins the insert; both then use its key. */
  const keyForWriting = async (userId: string): Promise<Buffer> => {
    const cached = cache.get(userId);
    if (cached) return cached;
    const existing = await readRow(db, userId);
    if (existing) return usable(userId, existing);
    await db
      .insert(table)
      .values({
        userId,
        wrappedKey: wrap(userId, randomBytes(KEY_BYTES)),
        keyVersion: masterKeys.current.version,
        createdAt: new Date(now()),
      })
      .onConflictDoNothing();
    const row = await readRow(db, userId);
    if (!row) throw new Error(`the data key of user ${userId} could not be stored`);
    return usable(userId, row);
  };

  const keyForReading = async (userId: string, q: Queryable): Promise<Buffer> => {
    const cached = cache.get(userId);
    if (cached) return cached;
    const row = await readRow(q, userId);
    if (!row) throw new DecryptionError(`user ${userId} has no data key, so nothing was encrypted for them`);
    return usable(userId, row);
  };

  return {
    async encryptForUser(userId, plaintext, aad = '') {
      const key = await keyForWriting(userId);
      const sealed = seal(key, Buffer.from(plaintext, 'utf8'), dataAad(userId, aad));
      return `${TEXT_PREFIX}.${toBase64url(sealed.iv)}.${toBase64url(sealed.body)}`;
    },

    async decryptForUser(userId, envelope, aad = '', q = db) {
      const [prefix, iv, body, extra] = envelope.split('.');
      if (prefix !== TEXT_PREFIX || iv === undefined || body === undefined || extra !== undefined)
        throw new DecryptionError('ciphertext is malformed or of an unknown version');
      const key = await keyForReading(userId, q);
      return open(key, fromBase64url(iv), fromBase64url(body), dataAad(userId, aad)).toString('utf8');
    },

    async encryptBytesForUser(userId, plaintext, aad = '') {
      const key = await keyForWriting(userId);
      const sealed = seal(key, plaintext, dataAad(userId, aad));
      return Buffer.concat([Buffer.of(BYTES_VERSION), sealed.iv, sealed.body]);
    },

    async decryptBytesForUser(userId, envelope, aad = '', q = db) {
      if (envelope[0] !== BYTES_VERSION)
        throw new DecryptionError('ciphertext is malformed or of an unknown version');
      const key = await keyForReading(userId, q);
      const bytes = Buffer.from(envelope.buffer, envelope.byteOffset, envelope.byteLength);
      return open(key, bytes.subarray(1, 13), bytes.subarray(13), dataAad(userId, aad));
    },

    async derivedKeyForUser(userId, purpose) {
      const key = await keyForWriting(userId);
      return Buffer.from(
        hkdfSync('sha256', key, Buffer.from(userId, 'utf8'), Buffer.from(purpose, 'utf8'), 32),
      );
    },

    async destroyUserKey(userId, q = db) {
      cache.delete(userId);
      const at = new Date(now());
      await q
        .insert(table)
        .values({
          userId,
          wrappedKey: null,
          keyVersion: masterKeys.current.version,
          createdAt: at,
          destroyedAt: at,
        })
        .onConflictDoUpdate({
          target: table.userId,
          // A second erasure keeps the first one's date.
          set: { wrappedKey: null, destroyedAt: sql`coalesce(${table.destroyedAt}, excluded.destroyed_at)` },
        });
      // A read racing the erasure may have cached the key again just before the update.
      cache.delete(userId);
    },

    async rewrapDataKeys({ batchSize = 500 } = {}) {
      const current = masterKeys.current.version;
      const result = { rewrapped: 0, unreadable: [] as string[] };
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await db
          .select()
          .from(table)
          .where(and(ne(table.keyVersion, current), isNotNull(table.wrappedKey), gt(table.userId, after)))
          .orderBy(asc(table.userId))
          .limit(batchSize);
        if (rows.length === 0) return result;
        for (const row of rows) {
          after = row.userId;
          let key: Buffer;
          try {
            key = unwrap(row.userId, row.wrappedKey!, row.keyVersion);
          } catch {
            // One damaged row must not hold up the rotation of all the others.
            result.unreadable.push(row.userId);
            continue;
          }
          // Only if nobody changed the row meanwhile (another replica re-wrapping, an erasure).
          const updated = await db
            .update(table)
            .set({ wrappedKey: wrap(row.userId, key), keyVersion: current })
            .where(
              and(
                eq(table.userId, row.userId),
                eq(table.keyVersion, row.keyVersion),
                isNotNull(table.wrappedKey),
              ),
            )
            .returning({ userId: table.userId });
          result.rewrapped += updated.length;
        }
      }
    },
  };
}
