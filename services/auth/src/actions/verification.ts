import { HttpError } from '@innerview/kit';
import { hashOneTimeToken } from '../adapters/security/one-time-tokens.ts';
import type { AuthContext } from '../auth-context.ts';
import { consumeOneTimeToken, findOneTimeToken, retireOneTimeTokens } from '../db/one-time-tokens.ts';
import { findUserByEmail, findUserById, markVerified } from '../db/users.ts';
import { oneTimeTokenState } from '../domain/lifetimes.ts';
import { accountMessages, authErrorCodes, tokenMessages } from '../domain/messages.ts';
import { userEvent } from './events.ts';
import { issueVerification } from './signup.ts';

/**
 * POST /users/verify: uses a verification token once and marks the address verified. A link of
 * an account that is verified already (the link opened twice, or an older one) is no failure:
 * the answer says so (`already_verified`), and the screen shows that calmly instead of an error.
 */
export async function verifyEmail(
  auth: AuthContext,
  token: string,
): Promise<{ message: string; already_verified?: true }> {
  const hash = hashOneTimeToken(token);
  return auth.service.transaction(async (tx, emit) => {
    const now = auth.service.clock.now();
    const userId = await consumeOneTimeToken(tx, hash, 'email_verification', now);
    if (!userId) {
      const row = await findOneTimeToken(tx, hash, 'email_verification');
      if (row && (await findUserById(tx, row.userId))?.isVerified)
        return { message: accountMessages.emailAlreadyVerified, already_verified: true as const };
      const state = oneTimeTokenState(row, now);
      if (state === 'expired')
        throw new HttpError(400, tokenMessages.verificationExpired, authErrorCodes.tokenExpired);
      throw new HttpError(400, tokenMessages.verificationInvalid, authErrorCodes.tokenInvalid);
    }
    await retireOneTimeTokens(tx, userId, 'email_verification', now);
    if (await markVerified(tx, userId, now))
      await emit(userEvent(auth, 'auth.user.verified', userId, { userId }));
    return { message: accountMessages.emailVerified };
  });
}

/**
 * POST /users/verify/resend, after the answer went out: a new mail only for an account that is
 * still waiting for verification; nothing for unknown or already verified addresses.
 */
export async function resendVerification(auth: AuthContext, email: string): Promise<void> {
  await auth.service.transaction(async (tx, emit) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isVerified) return;
    await emit(await issueVerification(auth, tx, user));
  });
}
