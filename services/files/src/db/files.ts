import { firstRow, lockUntilCommit, type Queryable, type Tx } from '@innerview/kit';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { files } from './schema.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/**
 * Serialises one person's uploads until the transaction ends, so two uploads at once cannot both
 * pass the quota check.
 */
export function lockUserUploads(tx: Tx, userId: string): Promise<void> {
  return lockUntilCommit(tx, `files:${userId}`);
}

/**
 * Serialises uploads into a session with that session's deletion, so an upload that passed the
 * deleted-session check cannot commit its files after the deletion has swept the session.
 */
export function lockSession(tx: Tx, sessionId: string): Promise<void> {
  return lockUntilCommit(tx, `files-session:${sessionId}`);
}

/** Bytes the person's files take. */
export async function usageBytes(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(eq(files.userId, userId));
  return Number(row?.total ?? 0);
}

export async function insertFiles(tx: Tx, rows: NewFileRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(files).values(rows);
}

/** The person's file `id`, or undefined (also when it is someone else's). */
export async function findFile(q: Queryable, userId: string, id: string): Promise<FileRow | undefined> {
  return firstRow(
    q
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.id, id))),
  );
}

/** The person's files among `ids` (others' are simply not there). */
export async function findFiles(q: Queryable, userId: string, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, ids)));
}

/** The person's files, newest first, optionally of one session. */
export async function listFiles(
  q: Queryable,
  userId: string,
  options: { sessionId?: string; limit: number; offset: number },
): Promise<FileRow[]> {
  return q
    .select()
    .from(files)
    .where(
      and(eq(files.userId, userId), options.sessionId ? eq(files.sessionId, options.sessionId) : undefined),
    )
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Every file of the person, oldest first (their data export; the storage quota bounds the count). */
export async function listAllFiles(q: Queryable, userId: string): Promise<FileRow[]> {
  return q.select().from(files).where(eq(files.userId, userId)).orderBy(asc(files.createdAt), asc(files.id));
}

/** Files uploaded before their session existed join it when they are first used in it. */
export async function attachToSession(q: Queryable, userId: string, ids: string[], sessionId: string) {
  if (ids.length === 0) return;
  await q
    .update(files)
    .set({ sessionId })
    .where(and(eq(files.userId, userId), inArray(files.id, ids), isNull(files.sessionId)));
}

/** Deletes the person's file `id`; its storage key, or undefined when there was none. */
export async function deleteFile(tx: Tx, userId: string, id: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(files)
    .where(and(eq(files.userId, userId), eq(files.id, id)))
    .returning({ storageKey: files.storageKey });
  return row?.storageKey;
}

/** Deletes the files of one of the person's sessions; their storage keys. */
export async function deleteSessionFiles(tx: Tx, userId: string, sessionId: string): Promise<string[]> {
  const rows = await tx
    .delete(files)
    .where(and(eq(files.userId, userId), eq(files.sessionId, sessionId)))
    .returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}

/** Deletes every file of the person; their storage keys. */
export async function deleteUserFiles(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .delete(files)
    .where(eq(files.userId, userId))
    .returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}
