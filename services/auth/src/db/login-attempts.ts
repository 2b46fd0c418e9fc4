import type { Queryable } from '@innerview/kit';
import { and, eq, lt } from 'drizzle-orm';
import type { LockoutState } from '../domain/lockout.ts';
import { loginAttempts } from './schema.ts';

/** Which (address, client) pair a count belongs to: both as hashes, never in clear. */
export interface AttemptSubject {
  emailHash: string;
  clientHash: string;
}

const ofSubject = (s: AttemptSubject) =>
  and(eq(loginAttempts.emailHash, s.emailHash), eq(loginAttempts.clientHash, s.clientHash));

/**
 * The pair's counters, locked for the rest of the transaction so concurrent failures all count.
 * The row is created first when missing: `FOR UPDATE` locks nothing that does not exist, and
 * several first failures at once would each have read zero.
 */
export async function lockoutForUpdate(
  q: Queryable,
  subject: AttemptSubject,
  now: Date,
): Promise<LockoutState> {
  await q
    .insert(loginAttempts)
    .values({ ...subject, failedLoginAttempts: 0, lockedUntil: null, updatedAt: now })
    .onConflictDoNothing({ target: [loginAttempts.emailHash, loginAttempts.clientHash] });
  return lockoutOf(q, subject);
}

/** The pair's counters (locked when read inside a transaction). */
export async function lockoutOf(q: Queryable, subject: AttemptSubject): Promise<LockoutState> {
  const [row] = await q.select().from(loginAttempts).where(ofSubject(subject)).for('update').limit(1);
  return row
    ? { failedLoginAttempts: row.failedLoginAttempts, lockedUntil: row.lockedUntil }
    : { failedLoginAttempts: 0, lockedUntil: null };
}

export async function saveLockout(
  q: Queryable,
  subject: AttemptSubject,
  state: LockoutState,
  now: Date,
): Promise<void> {
  const values = {
    failedLoginAttempts: state.failedLoginAttempts,
    lockedUntil: state.lockedUntil,
    updatedAt: now,
  };
  await q
    .insert(loginAttempts)
    .values({ ...subject, ...values })
    .onConflictDoUpdate({ target: [loginAttempts.emailHash, loginAttempts.clientHash], set: values });
}

/** The right password from this client ends its failure streak. */
export async function clearLockout(q: Queryable, subject: AttemptSubject): Promise<void> {
  await q.delete(loginAttempts).where(ofSubject(subject));
}

/** A password reset (or reactivation) ends every client's streak for the address. */
export async function clearLockoutsOfEmail(q: Queryable, emailHash: string): Promise<void> {
  await q.delete(loginAttempts).where(eq(loginAttempts.emailHash, emailHash));
}

/** Forgets counters untouched since `before` (the daily sweep). */
export async function sweepLockouts(q: Queryable, before: Date): Promise<number> {
  const deleted = await q
    .delete(loginAttempts)
    .where(lt(loginAttempts.updatedAt, before))
    .returning({ emailHash: loginAttempts.emailHash });
  return deleted.length;
}
