import { MINUTE_MS } from './lifetimes.ts';

/**
 * Per-account lockout (docs/product.md#login-lockout, docs/product.md#people-and-inputs): a warning from 3 failed attempts with
 * 5 − failed remaining, a lock at 5. Lock length: 15 minutes (docs/adr/0004-auth-lifetimes-and-lockout.md).
 */
export const WARN_FROM_FAILURES = 3;
export const LOCK_AT_FAILURES = 5;
export const LOCK_MS = 15 * MINUTE_MS;

export interface LockoutState {
  failedLoginAttempts: number;
  lockedUntil: Date | null;
}

/** The state as it applies at `now`: a lock that has run out is over, and the count starts again. */
export function effectiveLockout(state: LockoutState, now: Date): LockoutState {
  if (state.lockedUntil && state.lockedUntil.getTime() <= now.getTime())
    return { failedLoginAttempts: 0, lockedUntil: null };
  return state;
}

export function isLocked(state: LockoutState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** One more failed attempt; the fifth locks the account. */
export function afterFailedAttempt(state: LockoutState, now: Date): LockoutState {
  const current = effectiveLockout(state, now);
  const failed = current.failedLoginAttempts + 1;
  return {
    failedLoginAttempts: failed,
    lockedUntil: failed >= LOCK_AT_FAILURES ? new Date(now.getTime() + LOCK_MS) : null,
  };
}

export const unlocked: LockoutState = { failedLoginAttempts: 0, lockedUntil: null };

export function remainingAttempts(failed: number): number {
  return Math.max(0, LOCK_AT_FAILURES - failed);
}

export function showsWarning(failed: number): boolean {
  return failed >= WARN_FROM_FAILURES && failed < LOCK_AT_FAILURES;
}

/** Whole minutes to wait, rounded up, never below 1 while locked. */
export function minutesUntil(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE_MS));
}
