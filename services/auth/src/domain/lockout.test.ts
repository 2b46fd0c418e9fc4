import { describe, expect, it } from 'vitest';
import {
  afterFailedAttempt,
  effectiveLockout,
  isLocked,
  LOCK_MS,
  type LockoutState,
  minutesUntil,
  remainingAttempts,
  showsWarning,
  unlocked,
} from './lockout.ts';

const t0 = new Date('2026-05-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('lockout (docs/product.md#login-lockout, docs/product.md#people-and-inputs)', () => {
  it('warns from 3 failures with 5 − failed remaining, and locks at 5 for 15 minutes', () => {
    let state: LockoutState = unlocked;
    const seen: Array<[number, number, boolean, boolean]> = [];
    for (let i = 1; i <= 5; i += 1) {
      state = afterFailedAttempt(state, t0);
      const failed = state.failedLoginAttempts;
      seen.push([failed, remainingAttempts(failed), showsWarning(failed), isLocked(state, t0)]);
    }
    expect(seen).toEqual([
      [1, 4, false, false],
      [2, 3, false, false],
      [3, 2, true, false],
      [4, 1, true, false],
      [5, 0, false, true],
    ]);
    expect(state.lockedUntil).toEqual(at(LOCK_MS));
    expect(LOCK_MS).toBe(15 * 60_000);
  });

  it('gives the wait in whole minutes, rounded up', () => {
    const until = at(LOCK_MS);
    expect(minutesUntil(until, t0)).toBe(15);
    expect(minutesUntil(until, at(LOCK_MS - 61_000))).toBe(2);
    expect(minutesUntil(until, at(LOCK_MS - 1000))).toBe(1);
  });

  it('ends the lock after 15 minutes, and the count starts again', () => {
    const locked: LockoutState = { failedLoginAttempts: 5, lockedUntil: at(LOCK_MS) };
    expect(isLocked(locked, at(LOCK_MS - 1))).toBe(true);
    expect(isLocked(locked, at(LOCK_MS))).toBe(false);
    expect(effectiveLockout(locked, at(LOCK_MS))).toEqual(unlocked);
    expect(afterFailedAttempt(locked, at(LOCK_MS))).toEqual({ failedLoginAttempts: 1, lockedUntil: null });
  });
});
