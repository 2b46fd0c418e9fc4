import { HttpError } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import { latestConsent } from '../db/consents.ts';
import { findUserById, type UserRow, updateUser } from '../db/users.ts';
import { accountMessages } from '../domain/messages.ts';
import { nameFieldError } from '../domain/validation.ts';

/** GET /users/me: the profile, settings and flags, with the nested `user` of docs/product.md#records-and-their-fields. */
export interface CurrentUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  language: string;
  theme: string;
  is_verified: boolean;
  is_active: boolean;
  terms_accepted: boolean;
  privacy_accepted: boolean;
  created_at: string;
  user: { id: string; is_onboarding_completed: boolean };
}

async function requireUser(auth: AuthContext, userId: string): Promise<UserRow> {
  const user = await findUserById(auth.service.db, userId);
  // A token for an account that no longer exists: the client must sign in again.
  if (!user) throw new HttpError(401);
  return user;
}

export async function currentUser(auth: AuthContext, userId: string, row?: UserRow): Promise<CurrentUser> {
  const user = row ?? (await requireUser(auth, userId));
  const consent = await latestConsent(auth.service.db, user.id);
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    date_of_birth: user.dateOfBirth,
    language: user.language,
    theme: user.theme,
    is_verified: user.isVerified,
    is_active: user.deletedAt === null,
    terms_accepted: consent !== undefined,
    privacy_accepted: consent?.sensitiveDataConsent === true,
    created_at: user.createdAt.toISOString(),
    user: { id: user.id, is_onboarding_completed: user.onboardingCompleted },
  };
}

/** PATCH /users/me: first and last name only (changing the address is not offered). */
export async function updateProfile(
  auth: AuthContext,
  userId: string,
  input: { first_name?: string; last_name?: string },
): Promise<CurrentUser> {
  if (input.first_name === undefined && input.last_name === undefined)
    throw new HttpError(422, [{ loc: ['body'], msg: accountMessages.profileEmpty, type: 'missing' }]);
  const errors = [
    input.first_name === undefined ? null : nameFieldError('first_name', input.first_name),
    input.last_name === undefined ? null : nameFieldError('last_name', input.last_name),
  ].filter((e) => e !== null);
  if (errors.length > 0) throw new HttpError(422, errors);
  const updated = await updateUser(
    auth.service.db,
    userId,
    {
      ...(input.first_name === undefined ? {} : { firstName: input.first_name.trim() }),
      ...(input.last_name === undefined ? {} : { lastName: input.last_name.trim() }),
    },
    auth.service.clock.now(),
  );
  if (!updated) throw new HttpError(401);
  return currentUser(auth, userId, updated);
}

export async function onboardingStatus(
  auth: AuthContext,
  userId: string,
): Promise<{ onboarding_completed: boolean }> {
  const user = await requireUser(auth, userId);
  return { onboarding_completed: user.onboardingCompleted };
}
