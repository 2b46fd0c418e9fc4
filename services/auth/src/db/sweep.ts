import type { Queryable } from '@innerview/kit';
import { lt } from 'drizzle-orm';
import { sweepLockouts } from './login-attempts.ts';
import { oneTimeTokens, sessions } from './schema.ts';

/** Deletes rows no answer depends on any more: stale counters, long-expired tokens and sessions. */
export async function sweepExpired(
  q: Queryable,
  now: Date,
  ages: { loginAttemptsAfterMs: number; tokensAfterMs: number; sessionsAfterMs: number },
): Promise<{ loginAttempts: number; tokens: number; sessions: number }> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const loginAttempts = await sweepLockouts(q, before(ages.loginAttemptsAfterMs));
  const tokens = await q
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, before(ages.tokensAfterMs)))
    .returning({ id: oneTimeTokens.id });
  const expiredSessions = await q
    .delete(sessions)
    .where(lt(sessions.expiresAt, before(ages.sessionsAfterMs)))
    .returning({ id: sessions.id });
  return { loginAttempts, tokens: tokens.length, sessions: expiredSessions.length };
}
