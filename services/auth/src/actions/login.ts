import { HttpError } from '@innerview/kit';
import { clientDigest, emailDigest } from '../adapters/security/one-time-tokens.ts';
import { burnPasswordCheck, verifyPassword } from '../adapters/security/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { findDeletedUserByEmail } from '../db/deletion.ts';
import { clearLockout, lockoutForUpdate, lockoutOf, saveLockout } from '../db/login-attempts.ts';
import { findLoginUser } from '../db/users.ts';
import {
  afterFailedAttempt,
  effectiveLockout,
  isLocked,
  type LockoutState,
  minutesUntil,
  remainingAttempts,
  showsWarning,
} from '../domain/lockout.ts';
import {
  accountMessages,
  authErrorCodes,
  lockedMessage,
  loginMessages,
  warningMessage,
} from '../domain/messages.ts';
import { startSession, type TokenResponse } from './sessions.ts';

/** 403 with `locked_until` and the wait in minutes (docs/product.md#sign-in-errors "Account Temporarily Locked"). */
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
 * POST /login/access-token. The lock (docs/product.md#login-lockout: warning from 3 failures, lock at 5) counts failures
 * per (address, client address) pair, for addresses with and without an account alike, so a
 * stranger's failures lock the stranger, not the owner signing in from elsewhere
 * (docs/adr/0045-security-lockout-per-client-address.md). Order: the pair's lock (no password check
 * while locked), the password, the account-wide failure throttle (only for a wrong password), the
 * verified address. An address without an account, or a deleted one, runs the same password check
 * (against a stand-in hash) and counts the same way; a deleted account's owner with the right
 * password learns that it was deleted (ADR 15).
 */
export async function logIn(
  auth: AuthContext,
  input: {
    email: string;
    password: string;
    rememberMe: boolean;
    client: string;
    /** Counts an account-wide failure; throws the 429 once too many came from all clients. */
    onWrongPassword: () => Promise<void>;
  },
): Promise<TokenResponse> {
  const subject = { emailHash: emailDigest(input.email), clientHash: clientDigest(input.client) };
  const now = auth.service.clock.now();
  const before = effectiveLockout(await lockoutOf(auth.service.db, subject), now);
  if (isLocked(before, now)) throw lockedError(before, now);
  const user = await findLoginUser(auth.service.db, input.email);
  let correct = false;
  if (user) correct = await verifyPassword(user.passwordHash, input.password);
  else {
    const deleted = await findDeletedUserByEmail(auth.service.db, input.email);
    if (!deleted) await burnPasswordCheck(input.password);
    else if (await verifyPassword(deleted.passwordHash, input.password))
      throw new HttpError(403, accountMessages.deletedLogin, authErrorCodes.accountDeleted);
  }
  if (!user || !correct) {
    const after = await auth.service.transaction(async (tx) => {
      const at = auth.service.clock.now();
      const next = afterFailedAttempt(await lockoutForUpdate(tx, subject, at), at);
      await saveLockout(tx, subject, next, at);
      return next;
    });
    await input.onWrongPassword();
    throw failedError(after, auth.service.clock.now());
  }
  // The right password ends this client's failure streak, whether or not the address is verified.
  if (before.failedLoginAttempts !== 0) await clearLockout(auth.service.db, subject);
  if (!user.isVerified)
    throw new HttpError(403, loginMessages.emailNotVerified, authErrorCodes.emailNotVerified, {
      resend_path: '/api/v1/users/verify/resend',
    });
  return startSession(auth, user.id, input.rememberMe);
}
