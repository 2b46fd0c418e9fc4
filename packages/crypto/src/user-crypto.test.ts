import { randomUUID } from 'node:crypto';
import type { Database } from '@innerview/kit/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeysTable } from './data-keys-table.ts';
import { DataKeyDestroyedError, DecryptionError, UnknownKeyVersionError } from './errors.ts';
import { generateKeyText, parseKeyRing } from './key-ring.ts';
import { openTestDatabase } from './test-database.ts';
import { createUserCrypto, type UserCryptoOptions } from './user-crypto.ts';

const table = dataKeysTable();
const v1 = generateKeyText(1);
const v2 = generateKeyText(2);
const ringV1 = parseKeyRing({ name: 'MASTER_KEY', value: v1 });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const cryptoWith = (overrides: Partial<UserCryptoOptions> = {}) =>
  createUserCrypto({ db: database.db, table, masterKeys: ringV1, ...overrides });
const keyRow = async (userId: string) =>
  (await database.db.select().from(table).where(eq(table.userId, userId)))[0];
/** Flips one character of the base64url text at `index` to another valid one. */
const flip = (text: string, index: number) =>
  `${text.slice(0, index)}${text[index] === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`;

describe('encryptForUser / decryptForUser', () => {
  it('round-trips text, including the empty string and any Unicode', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    for (const text of ['', 'Je me sens prêt 🌱', 'x'.repeat(1900), 'Zeile 1\nZeile 2']) {
      const envelope = await crypto.encryptForUser(user, text, 'answers.question_1');
      expect(await crypto.decryptForUser(user, envelope, 'answers.question_1')).toBe(text);
    }
  });

  it('writes a versioned envelope with a fresh nonce each time, and no plaintext in it', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const a = await crypto.encryptForUser(user, 'my secret garden');
    const b = await crypto.encryptForUser(user, 'my secret garden');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(Buffer.from(a.split('.')[2]!, 'base64url').toString('utf8')).not.toContain('secret');
  });

  it('keeps one data key per user, wrapped (never the raw key) under the master key version', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    await Promise.all(Array.from({ length: 10 }, (_, i) => crypto.encryptForUser(user, `note ${i}`)));
    const rows = await database.db.select().from(table).where(eq(table.userId, user));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ keyVersion: 1, destroyedAt: null });
    expect(rows[0]!.wrappedKey).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/);
  });

  it('agrees across instances (replicas) on the same key, even when they race to create it', async () => {
    const user = randomUUID();
    const replicas = [cryptoWith(), cryptoWith(), cryptoWith()];
    const envelopes = await Promise.all(replicas.map((c, i) => c.encryptForUser(user, `from ${i}`)));
    for (const replica of replicas)
      expect(await Promise.all(envelopes.map((e) => replica.decryptForUser(user, e)))).toEqual([
        'from 0',
        'from 1',
        'from 2',
      ]);
  });

  it('refuses a ciphertext read as another user, even one that has a key', async () => {
    const crypto = cryptoWith();
    const alice = randomUUID();
    const bob = randomUUID();
    const envelope = await crypto.encryptForUser(alice, 'alice only', 'answers.question_1');
    await expect(crypto.decryptForUser(bob, envelope, 'answers.question_1')).rejects.toThrow(DecryptionError);
    await crypto.encryptForUser(bob, 'bob has a key now');
    await expect(crypto.decryptForUser(bob, envelope, 'answers.question_1')).rejects.toThrow(
      /failed authentication/,
    );
  });

  it('refuses a ciphertext moved to another field (AAD)', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const envelope = await crypto.encryptForUser(user, 'about my roots', 'answers.question_2');
    await expect(crypto.decryptForUser(user, envelope, 'answers.question_3')).rejects.toThrow(
      DecryptionError,
    );
    await expect(crypto.decryptForUser(user, envelope)).rejects.toThrow(DecryptionError);
  });

  it('detects tampering with the nonce, the ciphertext or the tag, and malformed envelopes', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const envelope = await crypto.encryptForUser(user, 'untouched', 'f');
    const [prefix, iv, body] = envelope.split('.') as [string, string, string];
    const tampered = [
      `${prefix}.${flip(iv, 3)}.${body}`,
      `${prefix}.${iv}.${flip(body, 0)}`,
      `${prefix}.${iv}.${flip(body, body.length - 2)}`,
      `${prefix}.${iv}.${body.slice(0, -4)}`,
      `${prefix}.${iv}.${body}AAAA`,
      `v2.${iv}.${body}`,
      `${prefix}.${iv}`,
      `${prefix}.${iv}.${body}.extra`,
      `${prefix}.${iv}.${body.slice(0, -1)}!`,
      'untouched',
    ];
    for (const bad of tampered)
      await expect(crypto.decryptForUser(user, bad, 'f')).rejects.toThrow(DecryptionError);
    expect(await crypto.decryptForUser(user, envelope, 'f')).toBe('untouched');
  });

  it('refuses data keys swapped between users in the table (the wrap is bound to the user)', async () => {
    const crypto = cryptoWith({ cacheTtlMs: 0 });
    const alice = randomUUID();
    const mallory = randomUUID();
    await crypto.encryptForUser(mallory, 'mallory');
    const aliceData = await crypto.encryptForUser(alice, 'alice diary');
    const aliceKey = await keyRow(alice);
    // Someone with write access to the table copies Alice's wrapped key onto Mallory's row.
    await database.db
      .update(table)
      .set({ wrappedKey: aliceKey!.wrappedKey })
      .where(eq(table.userId, mallory));
    await expect(crypto.decryptForUser(mallory, aliceData)).rejects.toThrow(DecryptionError);
  });

  it('round-trips bytes (files) and detects tampering there too', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const file = Buffer.from([0, 1, 2, 250, 255, ...Buffer.from('%PDF-1.7')]);
    const envelope = await crypto.encryptBytesForUser(user, file, 'files.abc');
    expect(envelope[0]).toBe(1);
    expect(envelope.length).toBe(1 + 12 + file.length + 16);
    expect(await crypto.decryptBytesForUser(user, envelope, 'files.abc')).toEqual(file);
    const tampered = Buffer.from(envelope);
    tampered[20]! ^= 1;
    await expect(crypto.decryptBytesForUser(user, tampered, 'files.abc')).rejects.toThrow(DecryptionError);
    await expect(crypto.decryptBytesForUser(user, envelope, 'files.other')).rejects.toThrow(DecryptionError);
  });

  it('says clearly when a user never had a key', async () => {
    const crypto = cryptoWith();
    const other = await crypto.encryptForUser(randomUUID(), 'x');
    await expect(crypto.decryptForUser(randomUUID(), other)).rejects.toThrow(/has no data key/);
  });
});

describe('destroyUserKey (erasure)', () => {
  it('makes every ciphertext of the user unreadable and refuses new ones, with a clear error', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const other = randomUUID();
    const envelope = await crypto.encryptForUser(user, 'gone soon', 'a');
    const bytes = await crypto.encryptBytesForUser(user, Buffer.from('file'), 'b');
    const kept = await crypto.encryptForUser(other, 'stays', 'a');
    // A copy of the ciphertext taken before (a backup) is no better off.
    const backup = String(envelope);
    await crypto.destroyUserKey(user);
    await expect(crypto.decryptForUser(user, backup, 'a')).rejects.toThrow(DataKeyDestroyedError);
    await expect(crypto.decryptForUser(user, envelope, 'a')).rejects.toThrow(
      `the data key of user ${user} was destroyed; data encrypted under it is unreadable`,
    );
    await expect(crypto.decryptBytesForUser(user, bytes, 'b')).rejects.toThrow(DataKeyDestroyedError);
    await expect(crypto.encryptForUser(user, 'new')).rejects.toThrow(DataKeyDestroyedError);
    expect(await crypto.decryptForUser(other, kept, 'a')).toBe('stays');
    const row = await keyRow(user);
    expect(row).toMatchObject({ wrappedKey: null });
    expect(row!.destroyedAt).toBeInstanceOf(Date);
  });

  it('is idempotent, keeps the first erasure date, and leaves a tombstone for users without a key', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    await crypto.encryptForUser(user, 'x');
    let clock = Date.parse('2026-03-01T00:00:00Z');
    const timed = cryptoWith({ now: () => clock });
    await timed.destroyUserKey(user);
    clock += 86_400_000;
    await timed.destroyUserKey(user);
    expect((await keyRow(user))!.destroyedAt).toEqual(new Date('2026-03-01T00:00:00Z'));
    const never = randomUUID();
    await crypto.destroyUserKey(never);
    await expect(crypto.encryptForUser(never, 'x')).rejects.toThrow(DataKeyDestroyedError);
  });

  it('reaches other replicas once their cached key expires (the short TTL)', async () => {
    let clock = 0;
    const replica = cryptoWith({ cacheTtlMs: 30_000, now: () => clock });
    const eraser = cryptoWith();
    const user = randomUUID();
    const envelope = await replica.encryptForUser(user, 'cached');
    await eraser.destroyUserKey(user);
    clock += 29_000;
    expect(await replica.decryptForUser(user, envelope)).toBe('cached');
    clock += 1_000;
    await expect(replica.decryptForUser(user, envelope)).rejects.toThrow(DataKeyDestroyedError);
  });

  it('runs inside the caller transaction, and a rollback keeps the key', async () => {
    const crypto = cryptoWith();
    const user = randomUUID();
    const envelope = await crypto.encryptForUser(user, 'still here');
    await expect(
      database.db.transaction(async (tx) => {
        await crypto.destroyUserKey(user, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await crypto.decryptForUser(user, envelope)).toBe('still here');
  });
});

describe('master-key rotation', () => {
  it('keeps old data readable, wraps new keys with the new version, and re-wraps so v1 can retire', async () => {
    // A database of its own: the re-wrap walks the whole table.
    const own = await openTestDatabase();
    try {
      const withRing = (masterKeys = ringV1) => createUserCrypto({ db: own.db, table, masterKeys });
      const before = withRing();
      const oldUser = randomUUID();
      const oldData = await before.encryptForUser(oldUser, 'written under v1', 'q');
      const damaged = randomUUID();
      await before.encryptForUser(damaged, 'x');
      await own.db
        .update(table)
        .set({ wrappedKey: 'AAAAAAAAAAAAAAAA.AAAA' })
        .where(eq(table.userId, damaged));

      const rotated = withRing(parseKeyRing({ name: 'MASTER_KEY', value: v2, previous: v1 }));
      expect(await rotated.decryptForUser(oldUser, oldData, 'q')).toBe('written under v1');
      const newUser = randomUUID();
      const newData = await rotated.encryptForUser(newUser, 'written under v2', 'q');
      const [newRow] = await own.db.select().from(table).where(eq(table.userId, newUser));
      expect(newRow!.keyVersion).toBe(2);

      // Without v1 the old user's key cannot be unwrapped yet: a clear, named error.
      const onlyV2 = parseKeyRing({ name: 'MASTER_KEY', value: v2 });
      await expect(withRing(onlyV2).decryptForUser(oldUser, oldData, 'q')).rejects.toThrow(
        'MASTER_KEY version 1 is not configured; add it to the previous keys',
      );
      await expect(withRing(onlyV2).decryptForUser(oldUser, oldData, 'q')).rejects.toThrow(
        UnknownKeyVersionError,
      );

      // A damaged row is reported; it does not hold up the others.
      expect(await rotated.rewrapDataKeys({ batchSize: 1 })).toEqual({ rewrapped: 1, unreadable: [damaged] });
      expect(await rotated.rewrapDataKeys()).toEqual({ rewrapped: 0, unreadable: [damaged] });
      const retired = withRing(onlyV2);
      expect(await retired.decryptForUser(oldUser, oldData, 'q')).toBe('written under v1');
      expect(await retired.decryptForUser(newUser, newData, 'q')).toBe('written under v2');
    } finally {
      await own.close();
    }
  });

  it('cannot unwrap with a different master key of the same version', async () => {
    const user = randomUUID();
    const data = await cryptoWith().encryptForUser(user, 'x');
    const impostor = cryptoWith({
      masterKeys: parseKeyRing({ name: 'MASTER_KEY', value: generateKeyText(1) }),
    });
    await expect(impostor.decryptForUser(user, data)).rejects.toThrow(DecryptionError);
  });
});

describe('derivedKeyForUser', () => {
  it('is the same key for a person and purpose, another for another person or purpose, none after erasure', async () => {
    const crypto = cryptoWith();
    const [ada, bea] = [randomUUID(), randomUUID()];
    const key = await crypto.derivedKeyForUser(ada, 'chat.search.v1');
    expect(key).toHaveLength(32);
    // A fresh instance (no cache) derives it again from the stored data key.
    expect((await cryptoWith().derivedKeyForUser(ada, 'chat.search.v1')).equals(key)).toBe(true);
    expect((await crypto.derivedKeyForUser(ada, 'other.v1')).equals(key)).toBe(false);
    expect((await crypto.derivedKeyForUser(bea, 'chat.search.v1')).equals(key)).toBe(false);
    await crypto.destroyUserKey(ada);
    await expect(crypto.derivedKeyForUser(ada, 'chat.search.v1')).rejects.toBeInstanceOf(
      DataKeyDestroyedError,
    );
  });
});
