import { createHash } from 'node:crypto';
import { lockUntilCommit, type Queryable } from '@innerview/kit';
import { eq } from 'drizzle-orm';
import { erasedPeople } from './schema.ts';

/** What `erased_people` holds for a user id: a hash, so that the table names nobody. */
export function erasedMark(userId: string): string {
  return createHash('sha256').update(`innerview.erased.v1:${userId.toLowerCase()}`).digest('base64url');
}

/**
 * Serialises what an event or a mail job records about a person with their erasure, so that a row
 * written at the same moment as `auth.user.erased` cannot commit after the erasure swept the table.
 * Inside a transaction only (the lock ends with it).
 */
export function lockPerson(q: Queryable, userId: string): Promise<void> {
  return lockUntilCommit(q, `notifications-person:${userId}`);
}

export async function isErased(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ mark: erasedPeople.mark })
    .from(erasedPeople)
    .where(eq(erasedPeople.mark, erasedMark(userId)))
    .limit(1);
  return row !== undefined;
}

/** `lockPerson` then `isErased`: true means "record nothing about this person". */
export async function erasedUnderLock(q: Queryable, userId: string): Promise<boolean> {
  await lockPerson(q, userId);
  return isErased(q, userId);
}

export async function markErased(q: Queryable, userId: string): Promise<void> {
  await q
    .insert(erasedPeople)
    .values({ mark: erasedMark(userId) })
    .onConflictDoNothing();
}
