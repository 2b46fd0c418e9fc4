import { isKeyDestroyed } from '@innerview/crypto';
import { lockUntilCommit, type Queryable, type Tx } from '@innerview/kit';
import { dataKeys } from './schema.ts';

/**
 * Serialises an event's effect on one person with their erasure, so that a projection written at
 * the same time as `auth.user.erased` cannot commit after the erasure swept the tables.
 */
export function lockPerson(tx: Tx, userId: string): Promise<void> {
  return lockUntilCommit(tx, `chat-person:${userId}`);
}

/** Whether the person was erased: their data key's tombstone (ADR 8, 17) is the record of it. */
export function isErased(q: Queryable, userId: string): Promise<boolean> {
  return isKeyDestroyed(q, dataKeys, userId);
}

/**
 * For an event about a person that arrives after their erasure (another topic, a retry, a replay
 * from the dead letters): true means "do nothing", so no row naming them is made again.
 */
export async function erasedUnderLock(tx: Tx, userId: string): Promise<boolean> {
  await lockPerson(tx, userId);
  return isErased(tx, userId);
}
