import { z } from 'zod';

/**
 * Sign-up and login rules of docs/product.md#input-rules, shared by the auth service and the shell's forms so both
 * say the same thing. Messages are the spec's English words; the front end translates them by key.
 */
export const authMessages = {
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFormat: 'Date must be in YYYY-MM-DD format',
  yearFourDigits: 'Year must be exactly 4 digits',
  tooYoung: 'You must be at least 16 years old',
  tooOld: 'Age must be 120 years or younger',
  futureDate: 'Date cannot be in the future',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  // docs/product.md#input-rules shows no message for this rule; this wording states the enforced rule exactly.
  passwordRule:
    'Password must be 8 to 40 characters with an uppercase letter, a lowercase letter, and a number or symbol',
  // OWASP ASVS 5.0 on top of docs/product.md#password-rules (docs/adr/0046-security-password-rules-and-re-authentication.md).
  passwordControlCharacters: 'Password must not contain control characters',
  passwordPersonal: 'Password must not contain your name or the first part of your email address',
  passwordBreached:
    'This password is too common: it appears in lists of leaked passwords. Please choose another',
  // Re-authentication before a password change or an account deletion (docs/adr/0046).
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  firstNameLength: 'First name must be 2 to 255 characters',
  lastNameLength: 'Last name must be 2 to 255 characters',
  termsRequired: 'You must agree to the General Terms and Conditions',
  privacyRequired: 'You must agree to the Privacy Policy',
  loginEmailInvalid: 'Enter a valid email address.',
} as const;
export type AuthMessageKey = keyof typeof authMessages;

export const MIN_AGE = 16;
export const MAX_AGE = 120;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 40;
export const NAME_MIN = 2;
export const NAME_MAX = 255;
export const EMAIL_LOCAL_MAX = 255;

/** Full years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD), counting birthdays. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The first message key that `dateOfBirth` breaks on `today`, or null when it is acceptable. */
export function dateOfBirthProblem(value: string | undefined | null, today: string): AuthMessageKey | null {
  const text = (value ?? '').trim();
  if (text === '') return 'dateOfBirthRequired';
  const parts = /^(\d+)-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (parts && parts[1]!.length !== 4) return 'yearFourDigits';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !isRealDate(text)) return 'dateOfBirthFormat';
  if (text > today) return 'futureDate';
  const age = ageOn(text, today);
  if (age < MIN_AGE) return 'tooYoung';
  if (age > MAX_AGE) return 'tooOld';
  return null;
}

// A pragmatic address check: one @, a local part of at most 255 characters, a dotted domain.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(value: string): boolean {
  if (!emailPattern.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= EMAIL_LOCAL_MAX && value.length <= 320;
}

export function emailProblem(value: string | undefined | null): AuthMessageKey | null {
  const text = (value ?? '').trim();
  if (text === '') return 'emailRequired';
  return isValidEmail(text) ? null : 'emailInvalid';
}

/** 8 to 40 characters; an uppercase letter, a lowercase letter, and a digit or special character. */
export function passwordProblem(value: string | undefined | null): AuthMessageKey | null {
  const text = value ?? '';
  if (text === '') return 'passwordRequired';
  // NUL, escapes, line breaks: nothing a person types, and trouble for whatever stores or logs it.
  if (/\p{Cc}/u.test(text)) return 'passwordControlCharacters';
  const ok =
    text.length >= PASSWORD_MIN &&
    text.length <= PASSWORD_MAX &&
    /\p{Lu}/u.test(text) &&
    /\p{Ll}/u.test(text) &&
    /[^\p{L}\s]/u.test(text);
  return ok ? null : 'passwordRule';
}

/** Parts of a person's own details too guessable to appear in their password (3 characters or more). */
function personalParts(person: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const local = (person.email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  const names = [person.firstName, person.lastName].flatMap((n) => (n ?? '').toLowerCase().split(/[\s'-]+/));
  return [local, ...names].map((p) => p.trim()).filter((p) => [...p].length >= 3);
}

/** 'passwordPersonal' when the password contains the address's local part or one of the names. */
export function personalPasswordProblem(
  password: string,
  person: { email?: string | null; firstName?: string | null; lastName?: string | null },
): AuthMessageKey | null {
  const lower = password.toLowerCase();
  return personalParts(person).some((part) => lower.includes(part)) ? 'passwordPersonal' : null;
}

export function confirmPasswordProblem(
  password: string,
  confirm: string | undefined | null,
): AuthMessageKey | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'passwordsDiffer';
}

function nameProblem(value: string | undefined | null, key: AuthMessageKey): AuthMessageKey | null {
  const length = [...(value ?? '').trim()].length;
  return length >= NAME_MIN && length <= NAME_MAX ? null : key;
}

export interface SignupInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  date_of_birth?: string | null;
  password?: string | null;
  confirm_password?: string | null;
  terms_accepted?: boolean | null;
  privacy_accepted?: boolean | null;
}

/** Every broken rule by field, in the order the form shows the fields. Empty when all pass. */
export function signupProblems(
  input: SignupInput,
  today: string,
): Partial<Record<keyof SignupInput, AuthMessageKey>> {
  const problems: Partial<Record<keyof SignupInput, AuthMessageKey>> = {};
  const set = (field: keyof SignupInput, key: AuthMessageKey | null) => {
    if (key) problems[field] = key;
  };
  set('first_name', nameProblem(input.first_name, 'firstNameLength'));
  set('last_name', nameProblem(input.last_name, 'lastNameLength'));
  set('email', emailProblem(input.email));
  set('date_of_birth', dateOfBirthProblem(input.date_of_birth, today));
  set(
    'password',
    passwordProblem(input.password) ??
      personalPasswordProblem(input.password ?? '', {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
      }),
  );
  set('confirm_password', confirmPasswordProblem(input.password ?? '', input.confirm_password));
  set('terms_accepted', input.terms_accepted === true ? null : 'termsRequired');
  set('privacy_accepted', input.privacy_accepted === true ? null : 'privacyRequired');
  return problems;
}

export const languageCodes = ['en', 'fr', 'de', 'it', 'es'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** `fr-CH`, `de_AT`, `IT` → the base code; anything else → null. */
export function toLanguageCode(input: string | undefined | null): LanguageCode | null {
  const base = (input ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (languageCodes as readonly string[]).includes(base) ? (base as LanguageCode) : null;
}

/** The sign-up body of the accounts issue. Field checks beyond types happen in `signupProblems`. */
export const SignupBody = z.object({
  first_name: z.string().max(1000),
  last_name: z.string().max(1000),
  email: z.string().max(1000),
  date_of_birth: z.string().max(100),
  password: z.string().max(1000),
  confirm_password: z.string().max(1000),
  terms_accepted: z.boolean(),
  privacy_accepted: z.boolean(),
  language: z.string().max(20).optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;

/** The events whose data carries a one-time token (verification or reset link), always sealed. */
export type OneTimeTokenEventType = 'auth.verification.requested' | 'auth.password-reset.requested';

/**
 * Binds a sealed one-time token to its event type and user: a producer seals it with
 * `sealPayload(eventPayloadKeys, token, oneTimeTokenAad(type, userId))` from `@innerview/crypto`
 * and the mailer opens it with `openPayload` and the same AAD, so outbox rows, bus streams, dead
 * letters and job data never hold a token that signs someone in.
 */
export function oneTimeTokenAad(type: OneTimeTokenEventType, userId: string): string {
  return JSON.stringify([type, userId]);
}

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

/*
 * The bodies the auth service answers with (services/auth/README.md). Its route definitions declare
 * them (its OpenAPI is generated from them), and the api-client's types are `z.infer` of the same
 * schemas (ADR 0066), so the two cannot drift apart.
 */
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const VerifyResponse = z
  .object({ message: z.string(), already_verified: z.literal(true).optional() })
  .meta({ id: 'VerifyResponse' });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().describe('Seconds until the token (and its session) expires'),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `GET|PATCH /users/me` and `POST /login/test-token`: the signed-in person. */
export const CurrentUserResponse = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string().describe('YYYY-MM-DD'),
    language: z.enum(languageCodes),
    theme: z.enum(themes),
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
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

export const OnboardingStatusResponse = z
  .object({ onboarding_completed: z.boolean() })
  .meta({ id: 'OnboardingStatus' });
export type OnboardingStatusResponse = z.infer<typeof OnboardingStatusResponse>;

/** `GET|PUT|DELETE /settings/me`. */
export const SettingsResponse = z
  .object({ language: z.enum(languageCodes), theme: z.enum(themes) })
  .meta({ id: 'Settings' });
export type SettingsResponse = z.infer<typeof SettingsResponse>;

export const SettingsOptionsResponse = z
  .object({
    languages: z.array(z.object({ code: z.string(), name: z.string(), nativeName: z.string() })),
    themes: z.array(z.enum(themes)),
    defaults: SettingsResponse,
  })
  .meta({ id: 'SettingsOptions' });
export type SettingsOptionsResponse = z.infer<typeof SettingsOptionsResponse>;

/** `DELETE /users/me`. */
export const AccountDeletedResponse = z
  .object({
    message: z.string(),
    erase_after: z.string().describe('When the data is permanently erased (90 days later)'),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeletedResponse = z.infer<typeof AccountDeletedResponse>;
