import type { Queryable } from '@innerview/kit';
import { asc, eq } from 'drizzle-orm';
import { blobDeletions } from './schema.ts';

/** Queues stored objects for removal (in the transaction that deletes their rows). */
export async function queueBlobDeletions(q: Queryable, keys: string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await q
    .insert(blobDeletions)
    .values(keys.map((storageKey) => ({ storageKey, requestedAt: at })))
    .onConflictDoNothing();
}

/** The oldest objects waiting for removal. */
export async function pendingBlobDeletions(q: Queryable, limit: number): Promise<string[]> {
  const rows = await q
    .select({ storageKey: blobDeletions.storageKey })
    .from(blobDeletions)
    .orderBy(asc(blobDeletions.requestedAt))
    .limit(limit);
  return rows.map((r) => r.storageKey);
}

export async function forgetBlobDeletion(q: Queryable, key: string): Promise<void> {
  await q.delete(blobDeletions).where(eq(blobDeletions.storageKey, key));
}
