import { authMessages } from '@innerview/contracts';
import { HttpError } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import { isBreachedPassword } from '../adapters/security/breached-passwords.ts';
import { emailDigest, hashOneTimeToken, newOneTimeToken } from '../adapters/security/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../adapters/security/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { clearLockoutsOfEmail } from '../db/login-attempts.ts';
import {
  consumeOneTimeToken,
  findOneTimeToken,
  insertOneTimeToken,
  retireOneTimeTokens,
} from '../db/one-time-tokens.ts';
import {
  findUserByEmail,
  findUserById,
  lockUserRow,
  markVerified,
  setPasswordHash,
  type UserRow,
} from '../db/users.ts';
import { oneTimeTokenState, RESET_TOKEN_MS } from '../domain/lifetimes.ts';
import { accountMessages, authErrorCodes, tokenMessages } from '../domain/messages.ts';
import { newPasswordFieldErrors } from '../domain/validation.ts';
import { mailFacts, sealedToken, userEvent } from './events.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * POST /password-recovery/{email}, after the answer went out: a reset token and its mail for a live
 * account (verified or not: using the link proves the address), nothing otherwise.
 */
export async function requestPasswordReset(auth: AuthContext, email: string): Promise<void> {
  await auth.service.transaction(async (tx, emit) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const now = auth.service.clock.now();
    const { token, hash } = newOneTimeToken();
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_MS);
    await retireOneTimeTokens(tx, user.id, 'password_reset', now);
    await insertOneTimeToken(tx, {
      id: uuidv7(),
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: hash,
      createdAt: now,
      expiresAt,
    });
    await emit(
      userEvent(auth, 'auth.password-reset.requested', user.id, {
        ...mailFacts(user),
        sealedToken: sealedToken(auth, 'auth.password-reset.requested', user.id, token),
        expiresAt: expiresAt.toISOString(),
      }),
    );
  });
}

export interface ResetPasswordInput {
  token: string;
  new_password: string;
  confirm_new_password: string;
}

function tokenError(state: 'expired' | 'invalid'): HttpError {
  return state === 'expired'
    ? new HttpError(400, tokenMessages.resetExpired, authErrorCodes.tokenExpired)
    : new HttpError(400, tokenMessages.resetInvalid, authErrorCodes.tokenInvalid);
}

/**
 * POST /reset-password/: the link first (expired, or invalid-or-used), then the new password's
 * rules. Success sets the password, unlocks the account, marks the address verified, and ends
 * every session.
 */
export async function resetPassword(
  auth: AuthContext,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const hash = hashOneTimeToken(input.token);
  const token = await findOneTimeToken(auth.service.db, hash, 'password_reset');
  const state = oneTimeTokenState(token, auth.service.clock.now());
  if (state !== 'valid') throw tokenError(state);
  const owner = await findUserById(auth.service.db, token!.userId);
  if (!owner) throw tokenError('invalid');
  const errors = newPasswordFieldErrors(
    input.new_password,
    input.confirm_new_password,
    { password: 'new_password', confirm: 'confirm_new_password' },
    owner,
    isBreachedPassword,
  );
  if (errors.length > 0) throw new HttpError(422, errors);
  const passwordHash = await hashPassword(input.new_password);
  await auth.service.transaction(async (tx, emit) => {
    const now = auth.service.clock.now();
    const userId = await consumeOneTimeToken(tx, hash, 'password_reset', now);
    // Used by a concurrent request, or expired while the hash was computed.
    if (!userId)
      throw tokenError(
        oneTimeTokenState(await findOneTimeToken(tx, hash, 'password_reset'), now) === 'expired'
          ? 'expired'
          : 'invalid',
      );
    const user = await lockUserRow(tx, userId);
    if (!user || user.deletedAt) throw tokenError('invalid');
    await setPasswordHash(tx, userId, passwordHash, now);
    await clearLockoutsOfEmail(tx, emailDigest(user.email));
    await retireOneTimeTokens(tx, userId, 'password_reset', now);
    if (await markVerified(tx, userId, now))
      await emit(userEvent(auth, 'auth.user.verified', userId, { userId }));
    await revokeAllSessions(auth, userId, tx);
    await emit(userEvent(auth, 'auth.password.changed', userId, mailFacts(user)));
  });
  return { message: accountMessages.passwordUpdated };
}

/**
 * Re-authentication (docs/adr/0046): a bearer token alone cannot change the password or delete the
 * account; the current password must come with the call. Missing or wrong: 422 on
 * `current_password`, so the form shows it beside the field (a 401 would read as "signed out").
 */
export async function requireCurrentPassword(
  auth: AuthContext,
  userId: string,
  currentPassword: string,
): Promise<UserRow> {
  const user = await findUserById(auth.service.db, userId);
  if (!user) throw new HttpError(401);
  if (currentPassword === '')
    throw new HttpError(422, [
      {
        loc: ['body', 'current_password'],
        msg: authMessages.currentPasswordRequired,
        type: 'currentPasswordRequired',
      },
    ]);
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw new HttpError(422, [
      {
        loc: ['body', 'current_password'],
        msg: authMessages.currentPasswordWrong,
        type: 'currentPasswordWrong',
      },
    ]);
  return user;
}

/** PATCH /users/me/password: current password, new password and confirmation; every session ends. */
export async function changePassword(
  auth: AuthContext,
  userId: string,
  input: { current_password: string; new_password: string; confirm_new_password: string },
): Promise<{ message: string }> {
  const user = await requireCurrentPassword(auth, userId, input.current_password);
  const errors = newPasswordFieldErrors(
    input.new_password,
    input.confirm_new_password,
    { password: 'new_password', confirm: 'confirm_new_password' },
    user,
    isBreachedPassword,
  );
  if (errors.length > 0) throw new HttpError(422, errors);
  const passwordHash = await hashPassword(input.new_password);
  await auth.service.transaction(async (tx, emit) => {
    const now = auth.service.clock.now();
    await setPasswordHash(tx, userId, passwordHash, now);
    await revokeAllSessions(auth, userId, tx);
    await emit(userEvent(auth, 'auth.password.changed', userId, mailFacts(user)));
  });
  return { message: accountMessages.passwordUpdated };
}
