import type { Queryable, Tx } from '@innerview/kit';
import { eq, sql } from 'drizzle-orm';
import { dataKeys } from './schema.ts';

/**
 * Serialises an event's effect on one person with their erasure, so that a projection written at
 * the same time as `auth.user.erased` cannot commit after the erasure swept the tables.
 */
export async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-person:${userId}`}, 0))`);
}

/**
 * Whether the person was erased: their data key's tombstone (ADR 8, 17) is the record of it, kept
 * for good and holding nothing of them but the id.
 */
export async function isErased(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ destroyedAt: dataKeys.destroyedAt })
    .from(dataKeys)
    .where(eq(dataKeys.userId, userId))
    .limit(1);
  return row?.destroyedAt != null;
}

/**
 * For an event about a person that arrives after their erasure (another topic, a retry, a replay
 * from the dead letters): true means "do nothing", so no row naming them is made again.
 */
export async function erasedUnderLock(tx: Tx, userId: string): Promise<boolean> {
  await lockPerson(tx, userId);
  return isErased(tx, userId);
}
