import { SignupBody } from '@innerview/contracts';
import { z } from 'zod';

// Request fields default to '' or stay optional so that a missing field gets the spec's own message
// (e.g. 'Email is required') from the domain checks instead of a generic type error.
const text = (max = 1000) => z.string().max(max);

/** docs/product.md#sign-in-and-account-calls sign-up body; every rule of docs/product.md#sign-up-form is checked by `signupProblems` with the spec's messages. */
export const SignupRequest = SignupBody.partial().meta({ id: 'SignupRequest' });

/** OAuth2 password form (docs/product.md#sign-in-and-account-calls), plus `remember_me` (or `remember_me` in `scope`) for 10-day sessions. */
export const LoginForm = z
  .object({
    username: text().default(''),
    password: text().default(''),
    grant_type: z.enum(['password', '']).optional(),
    scope: text().default(''),
    client_id: text().optional(),
    client_secret: text().optional(),
    remember_me: z.enum(['true', 'false', 'on', 'off', '1', '0', '']).optional(),
  })
  .meta({ id: 'LoginForm' });

export const VerifyRequest = z.object({ token: text(512).default('') }).meta({ id: 'VerifyRequest' });
export const ResendRequest = z.object({ email: text().default('') }).meta({ id: 'ResendRequest' });
export const RecoveryParams = z.object({ email: text() });

export const ResetPasswordRequest = z
  .object({
    token: text(512).default(''),
    new_password: text().default(''),
    confirm_new_password: text().default(''),
  })
  .meta({ id: 'ResetPasswordRequest' });

export const UpdatePasswordRequest = z
  .object({
    current_password: text().default(''),
    new_password: text().default(''),
    confirm_new_password: text().default(''),
  })
  .meta({ id: 'UpdatePasswordRequest' });

/** Deleting the account asks for the current password (re-authentication, docs/adr/0046). */
export const DeleteAccountRequest = z
  .object({ current_password: text().default('') })
  .meta({ id: 'DeleteAccountRequest' });

export const UpdateProfileRequest = z
  .object({ first_name: text().optional(), last_name: text().optional() })
  .meta({ id: 'UpdateProfileRequest' });

export const SettingsRequest = z
  .object({ language: text(50).optional(), theme: text(50).optional() })
  .meta({ id: 'SettingsRequest' });

// The response bodies are in @innerview/contracts/auth (the api-client's types come from them).

const errorExample = (description: string) => ({ description });
export const loginErrors = {
  401: errorExample(
    'Wrong e-mail or password: detail, failed_login_attempts, remaining_attempts; from 3 failures also warning { title, message }',
  ),
  403: errorExample(
    'ACCOUNT_LOCKED (locked_until, lock_minutes, failed_login_attempts) or EMAIL_NOT_VERIFIED (resend_path)',
  ),
  429: errorExample(
    'Too many attempts from this address or for this account; retry_after_seconds, Retry-After',
  ),
};
