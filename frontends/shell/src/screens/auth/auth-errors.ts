import type { ApiError } from '@innerview/api-client';
import type { AuthMessageKey } from '@innerview/contracts/auth';

/** `t` of react-i18next, narrowed to what these helpers use. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The message keys of `authMessages`, kept in step with it by the type check. Listed here rather
// than imported: the contracts module also holds the server's zod schemas, and the login screen
// must not download zod (web budget of /login).
const MESSAGE_KEYS = {
  dateOfBirthRequired: true,
  dateOfBirthFormat: true,
  yearFourDigits: true,
  tooYoung: true,
  tooOld: true,
  futureDate: true,
  emailRequired: true,
  emailInvalid: true,
  passwordRequired: true,
  passwordRule: true,
  passwordControlCharacters: true,
  passwordPersonal: true,
  passwordBreached: true,
  currentPasswordRequired: true,
  currentPasswordWrong: true,
  confirmRequired: true,
  passwordsDiffer: true,
  firstNameLength: true,
  lastNameLength: true,
  termsRequired: true,
  privacyRequired: true,
  loginEmailInvalid: true,
} satisfies Record<AuthMessageKey, true>;

function isAuthMessageKey(value: unknown): value is AuthMessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGE_KEYS, value);
}

/** The error body the auth service sent (`{ detail, code, …extra }`); the api-client keeps it in `details`. */
function body(error: ApiError): Record<string, unknown> {
  return isRecord(error.details) ? error.details : {};
}

/** The auth service's own code (`ACCOUNT_LOCKED`, `TOKEN_EXPIRED` …), beyond docs/product.md#http-errors's status code. */
export function serverCode(error: ApiError): string | undefined {
  const code = body(error).code;
  return typeof code === 'string' ? code : undefined;
}

const SPEC_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT_ERROR',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SUBSCRIPTION_LIMIT_REACHED',
  'SERVER_ERROR',
];

/**
 * The translated docs/product.md#error-messages message of a failed call. The server's English words are not shown as
 * they are: every screen names its own failure ('Failed to reset password…'), and this is the
 * detail under it, by code (a 400 and a 422 read 'Invalid request data' and 'Validation error').
 */
export function apiErrorText(t: Translate, error: ApiError): string {
  if (error.code === 'VALIDATION_ERROR' && error.status === 422) return t('auth.errors.VALIDATION_ERROR_422');
  if (SPEC_CODES.includes(error.code)) return t(`auth.errors.${error.code}`);
  return t('auth.errors.unknown');
}

/**
 * The broken rules of a 422 field list (`detail: [{ loc, msg, type }]`), by field name (the last
 * part of `loc`). The auth service puts the rule's message key in `type`; an entry without a
 * known key keeps the server's words.
 */
export function fieldProblems(error: ApiError): Record<string, AuthMessageKey | { text: string }> {
  if (error.status !== 422 || !Array.isArray(error.details)) return {};
  const problems: Record<string, AuthMessageKey | { text: string }> = {};
  for (const entry of error.details) {
    if (!isRecord(entry) || !Array.isArray(entry.loc)) continue;
    const field = entry.loc.at(-1);
    if (typeof field !== 'string' || field in problems) continue;
    if (isAuthMessageKey(entry.type)) problems[field] = entry.type;
    else if (typeof entry.msg === 'string') problems[field] = { text: entry.msg };
  }
  return problems;
}

/** A rule's message in the user's language (key of `authMessages`), or the server's own text. */
export function problemText(t: Translate, problem: AuthMessageKey | { text: string }): string {
  return typeof problem === 'string' ? t(`auth.validation.${problem}`) : problem.text;
}

export type LoginFailure =
  /** 403 ACCOUNT_LOCKED: docs/product.md#sign-in-errors 'Account Temporarily Locked' with the wait in minutes. */
  | { kind: 'locked'; minutes: number }
  /** 403 EMAIL_NOT_VERIFIED: a clear message and a way to resend the link. */
  | { kind: 'notVerified' }
  /** 403 ACCOUNT_DELETED: login is blocked at once after deletion (ADR 15); support can reactivate. */
  | { kind: 'deleted' }
  /** 401: wrong e-mail or password; from 3 failed attempts the warning with the attempts left. */
  | {
      kind: 'incorrect';
      failedAttempts: number | null;
      remainingAttempts: number | null;
      warning: boolean;
      /** The server said which (INVALID_CREDENTIALS); otherwise the toast's fallback words are used. */
      recognised: boolean;
    }
  /** 422: the server found a field broken after all. */
  | { kind: 'invalid'; fields: Record<string, AuthMessageKey | { text: string }> }
  | { kind: 'other'; error: ApiError };

/** From this many failed attempts the warning shows (docs/product.md#login-lockout, docs/product.md#people-and-inputs). */
export const LOGIN_WARNING_FROM = 3;
const MINUTE_MS = 60_000;

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** What a failed `POST /login/access-token` means for the login screen. */
export function loginFailure(error: ApiError, now: number = Date.now()): LoginFailure {
  const data = body(error);
  const code = serverCode(error);
  if (error.status === 403 && (code === 'ACCOUNT_LOCKED' || typeof data.locked_until === 'string')) {
    const until = typeof data.locked_until === 'string' ? Date.parse(data.locked_until) : Number.NaN;
    const fromServer = count(data.lock_minutes);
    const minutes =
      fromServer && fromServer > 0
        ? fromServer
        : Number.isFinite(until)
          ? Math.max(1, Math.ceil((until - now) / MINUTE_MS))
          : 1;
    return { kind: 'locked', minutes };
  }
  if (error.status === 403 && code === 'EMAIL_NOT_VERIFIED') return { kind: 'notVerified' };
  if (error.status === 403 && code === 'ACCOUNT_DELETED') return { kind: 'deleted' };
  if (error.status === 401) {
    const failedAttempts = count(data.failed_login_attempts);
    const remainingAttempts = count(data.remaining_attempts);
    const warning =
      isRecord(data.warning) ||
      (failedAttempts !== null && failedAttempts >= LOGIN_WARNING_FROM && remainingAttempts !== 0);
    const recognised = code === 'INVALID_CREDENTIALS';
    return { kind: 'incorrect', failedAttempts, remainingAttempts, warning, recognised };
  }
  if (error.status === 422) {
    const fields = fieldProblems(error);
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  }
  return { kind: 'other', error };
}

/** Which state a reset or verification link is in after the server refused it. */
export function linkProblem(error: ApiError): 'expired' | 'invalid' | null {
  if (error.status !== 400) return null;
  const code = serverCode(error);
  if (code === 'TOKEN_EXPIRED') return 'expired';
  if (code === 'TOKEN_INVALID') return 'invalid';
  return null;
}

/** An RTK Query failure as the docs/product.md#http-errors `ApiError` (RTK's own serialized errors become SERVER_ERROR). */
export function asApiError(error: unknown): ApiError {
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string')
    return error as ApiError;
  return { code: 'SERVER_ERROR', message: '' };
}
