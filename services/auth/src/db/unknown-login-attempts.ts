import type { Queryable } from '@innerview/kit';
import { eq, lt } from 'drizzle-orm';
import type { LockoutState } from '../domain/lockout.ts';
import { unknownLoginAttempts } from './schema.ts';

export async function unknownLockout(q: Queryable, emailHash: string): Promise<LockoutState> {
  const [row] = await q
    .select()
    .from(unknownLoginAttempts)
    .where(eq(unknownLoginAttempts.emailHash, emailHash))
    .for('update')
    .limit(1);
  return row
    ? { failedLoginAttempts: row.failedLoginAttempts, lockedUntil: row.lockedUntil }
    : { failedLoginAttempts: 0, lockedUntil: null };
}

export async function saveUnknownLockout(
  q: Queryable,
  emailHash: string,
  state: LockoutState,
  now: Date,
): Promise<void> {
  const values = {
    failedLoginAttempts: state.failedLoginAttempts,
    lockedUntil: state.lockedUntil,
    updatedAt: now,
  };
  await q
    .insert(unknownLoginAttempts)
    .values({ emailHash, ...values })
    .onConflictDoUpdate({ target: unknownLoginAttempts.emailHash, set: values });
}

/** Forgets counters untouched since `before` (the daily sweep). */
export async function sweepUnknownLockouts(q: Queryable, before: Date): Promise<number> {
  const deleted = await q
    .delete(unknownLoginAttempts)
    .where(lt(unknownLoginAttempts.updatedAt, before))
    .returning({ emailHash: unknownLoginAttempts.emailHash });
  return deleted.length;
}
