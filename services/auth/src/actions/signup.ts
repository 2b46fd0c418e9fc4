import type { SignupBody } from '@innerview/contracts';
import { HttpError, type Queryable } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import { isBreachedPassword } from '../adapters/security/breached-passwords.ts';
import { newOneTimeToken } from '../adapters/security/one-time-tokens.ts';
import { hashPassword } from '../adapters/security/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { insertConsent } from '../db/consents.ts';
import { insertOneTimeToken, retireOneTimeTokens } from '../db/one-time-tokens.ts';
import { findUserByEmail, insertUser, replacePendingUser, type UserRow } from '../db/users.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../domain/consent.ts';
import { VERIFICATION_TOKEN_MS } from '../domain/lifetimes.ts';
import { signupLanguage } from '../domain/settings.ts';
import { isoDate, normaliseEmail, signupErrors } from '../domain/validation.ts';
import { mailFacts, sealedToken, userEvent } from './events.ts';

/** A fresh verification token for `user`, retiring older ones, and its mail event. */
export async function issueVerification(auth: AuthContext, q: Queryable, user: UserRow) {
  const now = auth.service.clock.now();
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(now.getTime() + VERIFICATION_TOKEN_MS);
  await retireOneTimeTokens(q, user.id, 'email_verification', now);
  await insertOneTimeToken(q, {
    id: uuidv7(),
    userId: user.id,
    purpose: 'email_verification',
    tokenHash: hash,
    createdAt: now,
    expiresAt,
  });
  return userEvent(auth, 'auth.verification.requested', user.id, {
    ...mailFacts(user),
    sealedToken: sealedToken(auth, 'auth.verification.requested', user.id, token),
    expiresAt: expiresAt.toISOString(),
  });
}

/**
 * Sign-up. The answer is the same whether or not the address has an account:
 * - new address: the account, its consent record, and a verification mail;
 * - address of an unverified account: that pending account takes the new details (so whoever
 *   controls the mailbox decides the password, which defeats pre-registration hijacking) and a new
 *   verification mail goes out;
 * - address of a verified account: nothing changes; the owner is told by mail.
 */
export async function signUp(auth: AuthContext, input: Partial<SignupBody>): Promise<void> {
  const now = auth.service.clock.now();
  const errors = signupErrors(input, isoDate(now), isBreachedPassword);
  if (errors.length > 0) throw new HttpError(422, errors);
  // Every field is present and valid past this point (missing ones are among the errors above).
  const body = input as SignupBody;
  const email = normaliseEmail(body.email);
  const language = signupLanguage(body.language);
  // Hashed in every case, so the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(body.password);
  const details = {
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    dateOfBirth: body.date_of_birth.trim(),
    passwordHash,
    language,
  };
  await auth.service.transaction(async (tx, emit) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.isVerified) {
      await emit(userEvent(auth, 'auth.signup.existing-account', existing.id, mailFacts(existing)));
      return;
    }
    const user = existing
      ? await replacePendingUser(tx, existing.id, details, now)
      : await insertUser(tx, { id: uuidv7(), email, ...details, createdAt: now, updatedAt: now });
    // Undefined: a concurrent sign-up with this address won the race, and it sends its own mail.
    if (!user) return;
    if (!existing) await emit(userEvent(auth, 'auth.user.registered', user.id, { ...mailFacts(user) }));
    await insertConsent(tx, {
      id: uuidv7(),
      userId: user.id,
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      sensitiveDataConsent: body.privacy_accepted,
      acceptedAt: now,
    });
    await emit(await issueVerification(auth, tx, user));
  });
}
