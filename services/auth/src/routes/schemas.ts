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

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export const VerifyResponse = z
  .object({ message: z.string(), already_verified: z.literal(true).optional() })
  .meta({ id: 'VerifyResponse' });

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().describe('Seconds until the token (and its session) expires'),
  })
  .meta({ id: 'TokenResponse' });

export const CurrentUserResponse = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string().describe('YYYY-MM-DD'),
    language: z.enum(['en', 'fr', 'de', 'it', 'es']),
    theme: z.enum(['light', 'dark', 'system']),
    is_verified: z.boolean(),
    is_active: z.boolean(),
    terms_accepted: z.boolean(),
    privacy_accepted: z
      .boolean()
      .describe('Privacy policy accepted, with consent to processing of sensitive data'),
    created_at: z.string(),
    user: z
      .object({ id: z.string().uuid(), is_onboarding_completed: z.boolean() })
      .describe('The nested user of docs/product.md#person-and-settings, holding the onboarding flag'),
  })
  .meta({ id: 'CurrentUser' });

export const OnboardingStatusResponse = z
  .object({ onboarding_completed: z.boolean() })
  .meta({ id: 'OnboardingStatus' });

export const SettingsResponse = z
  .object({ language: z.enum(['en', 'fr', 'de', 'it', 'es']), theme: z.enum(['light', 'dark', 'system']) })
  .meta({ id: 'Settings' });

export const SettingsOptionsResponse = z
  .object({
    languages: z.array(z.object({ code: z.string(), name: z.string(), nativeName: z.string() })),
    themes: z.array(z.enum(['light', 'dark', 'system'])),
    defaults: SettingsResponse,
  })
  .meta({ id: 'SettingsOptions' });

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
