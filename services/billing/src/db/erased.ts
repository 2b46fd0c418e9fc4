import { createHash } from 'node:crypto';
import { lockUntilCommit, type Queryable } from '@innerview/kit';
import { eq } from 'drizzle-orm';
import { erasedPeople } from './schema.ts';

/** What `erased_people` holds for a user id: a hash, so that the table names nobody. */
export function erasedMark(userId: string): string {
  return createHash('sha256').update(`innerview.erased.v1:${userId.toLowerCase()}`).digest('base64url');
}

/**
 * Serialises an event's effect on one person with their erasure, so that a row written at the same
 * moment as `auth.user.erased` commits before the erasure re-keys the record, or sees its mark.
 * Inside a transaction only (the lock ends with it).
 */
export function lockPerson(q: Queryable, userId: string): Promise<void> {
  return lockUntilCommit(q, `billing-person:${userId}`);
}

/** `lockPerson`, then whether the person was erased: true means "make no row for them". */
export async function erasedUnderLock(q: Queryable, userId: string): Promise<boolean> {
  await lockPerson(q, userId);
  const [row] = await q
    .select({ mark: erasedPeople.mark })
    .from(erasedPeople)
    .where(eq(erasedPeople.mark, erasedMark(userId)))
    .limit(1);
  return row !== undefined;
}

export async function markErased(q: Queryable, userId: string): Promise<void> {
  await q
    .insert(erasedPeople)
    .values({ mark: erasedMark(userId) })
    .onConflictDoNothing();
}
