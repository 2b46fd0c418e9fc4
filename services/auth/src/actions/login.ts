import { HttpError } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import { findDeletedUserByEmail } from '../db/deletion.ts';
import { saveUnknownLockout, unknownLockout } from '../db/unknown-login-attempts.ts';
import { findLoginUser, lockUserRow, setLockout, type UserRow } from '../db/users.ts';
import {
  afterFailedAttempt,
  effectiveLockout,
  isLocked,
  type LockoutState,
  minutesUntil,
  remainingAttempts,
  showsWarning,
  unlocked,
} from '../domain/lockout.ts';
import {
  accountMessages,
  authErrorCodes,
  lockedMessage,
  loginMessages,
  warningMessage,
} from '../domain/messages.ts';
import { emailDigest } from '../security/one-time-tokens.ts';
import { burnPasswordCheck, verifyPassword } from '../security/passwords.ts';
import { startSession, type TokenResponse } from './sessions.ts';

/** 403 with `locked_until` and the wait in minutes (spec §8 "Account Temporarily Locked"). */
function lockedError(state: LockoutState, now: Date): HttpError {
  const lockedUntil = state.lockedUntil!;
  const minutes = minutesUntil(lockedUntil, now);
  return new HttpError(403, lockedMessage(minutes), authErrorCodes.accountLocked, {
    title: loginMessages.lockedTitle,
    locked_until: lockedUntil.toISOString(),
    lock_minutes: minutes,
    failed_login_attempts: state.failedLoginAttempts,
    remaining_attempts: 0,
  });
}

/** The answer to a wrong password: 401 with the counters; from 3 failures the warning; at 5 the lock. */
function failedError(state: LockoutState, now: Date): HttpError {
  if (isLocked(state, now)) return lockedError(state, now);
  const failed = state.failedLoginAttempts;
  const remaining = remainingAttempts(failed);
  return new HttpError(401, loginMessages.incorrectCredentials, authErrorCodes.invalidCredentials, {
    failed_login_attempts: failed,
    remaining_attempts: remaining,
    ...(showsWarning(failed)
      ? { warning: { title: loginMessages.warningTitle, message: warningMessage(remaining) } }
      : {}),
  });
}

/**
 * An address without an account is answered exactly like one with: same password-check time,
 * same counters, warning and lock (kept under a hash of the address). A deleted account (ADR 15)
 * is such an address too, except for its owner: with the right password they learn that the
 * account was deleted and how to reactivate it.
 */
async function failUnknownAddress(
  auth: AuthContext,
  email: string,
  password: string,
  deleted: UserRow | undefined,
): Promise<never> {
  const key = emailDigest(email);
  const now = auth.service.clock.now();
  const before = effectiveLockout(await unknownLockout(auth.service.db, key), now);
  if (isLocked(before, now)) throw lockedError(before, now);
  if (!deleted) await burnPasswordCheck(password);
  else if (await verifyPassword(deleted.passwordHash, password))
    throw new HttpError(403, accountMessages.deletedLogin, authErrorCodes.accountDeleted);
  const after = await auth.service.transaction(async (tx) => {
    const current = await unknownLockout(tx, key);
    const next = afterFailedAttempt(current, auth.service.clock.now());
    await saveUnknownLockout(tx, key, next, auth.service.clock.now());
    return next;
  });
  throw failedError(after, auth.service.clock.now());
}

/**
 * POST /login/access-token. Order: lock (no password check while locked), password, verified
 * address. The password hash is checked outside any transaction; the counters are then updated on
 * the locked row so concurrent failures all count.
 */
export async function logIn(
  auth: AuthContext,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<TokenResponse> {
  const user = await findLoginUser(auth.service.db, input.email);
  if (!user) {
    const deleted = await findDeletedUserByEmail(auth.service.db, input.email);
    return failUnknownAddress(auth, input.email, input.password, deleted);
  }
  const now = auth.service.clock.now();
  const state = effectiveLockout(user, now);
  if (isLocked(state, now)) throw lockedError(state, now);
  const correct = await verifyPassword(user.passwordHash, input.password);
  if (!correct) {
    const after = await auth.service.transaction(async (tx) => {
      const row = await lockUserRow(tx, user.id);
      const at = auth.service.clock.now();
      const next = afterFailedAttempt(row ?? user, at);
      await setLockout(tx, user.id, next, at);
      return next;
    });
    throw failedError(after, auth.service.clock.now());
  }
  // The right password ends the failure streak, whether or not the address is verified yet.
  if (user.failedLoginAttempts !== 0 || user.lockedUntil !== null)
    await setLockout(auth.service.db, user.id, unlocked, auth.service.clock.now());
  if (!user.isVerified)
    throw new HttpError(403, loginMessages.emailNotVerified, authErrorCodes.emailNotVerified, {
      resend_path: '/api/v1/users/verify/resend',
    });
  return startSession(auth, user.id, input.rememberMe);
}
