import type { ApiError } from '@innerview/api-client';
import { mapHttpError } from '@innerview/api-client';
import { describe, expect, it } from 'vitest';
import { apiErrorText, fieldProblems, linkProblem, loginFailure, problemText } from './auth-errors.ts';

// Bodies exactly as the auth service sends them (services/auth/src/actions/login.ts), through the
// api-client's error mapping, as the screens receive them.
const NOW = Date.parse('2025-09-12T10:00:00Z');
const wrong = (failed: number, remaining: number, warning = failed >= 3) =>
  mapHttpError(401, {
    detail: 'Incorrect email or password. Please try again.',
    code: 'INVALID_CREDENTIALS',
    failed_login_attempts: failed,
    remaining_attempts: remaining,
    ...(warning ? { warning: { title: 'Login Failed - Warning', message: '…' } } : {}),
  });

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('loginFailure', () => {
  it('1 and 2 failed attempts: incorrect, no warning', () => {
    expect(loginFailure(wrong(1, 4), NOW)).toEqual({
      kind: 'incorrect',
      failedAttempts: 1,
      remainingAttempts: 4,
      warning: false,
      recognised: true,
    });
    expect(loginFailure(wrong(2, 3), NOW)).toMatchObject({ kind: 'incorrect', warning: false });
  });

  it('from 3 failed attempts: the warning with 5 minus failed remaining', () => {
    expect(loginFailure(wrong(3, 2), NOW)).toMatchObject({ warning: true, remainingAttempts: 2 });
    expect(loginFailure(wrong(4, 1), NOW)).toMatchObject({ warning: true, remainingAttempts: 1 });
  });

  it('reads the warning from the counter even when the server sends no warning object', () => {
    expect(loginFailure(wrong(3, 2, false), NOW)).toMatchObject({ warning: true });
  });

  it('a 401 without the server code still counts as incorrect, with the fallback words', () => {
    expect(loginFailure(mapHttpError(401, {}), NOW)).toMatchObject({ kind: 'incorrect', recognised: false });
  });

  it('locked: the wait in minutes from lock_minutes, else from locked_until (rounded up)', () => {
    const locked = (extra: Record<string, unknown>) =>
      mapHttpError(403, { detail: 'Too many…', code: 'ACCOUNT_LOCKED', ...extra });
    expect(loginFailure(locked({ lock_minutes: 15, locked_until: '2025-09-12T10:15:00Z' }), NOW)).toEqual({
      kind: 'locked',
      minutes: 15,
    });
    expect(loginFailure(locked({ locked_until: '2025-09-12T10:07:30Z' }), NOW)).toEqual({
      kind: 'locked',
      minutes: 8,
    });
    expect(loginFailure(locked({ locked_until: '2025-09-12T10:00:10Z' }), NOW)).toEqual({
      kind: 'locked',
      minutes: 1,
    });
  });

  it('an unverified address', () => {
    const error = mapHttpError(403, { detail: 'Please verify…', code: 'EMAIL_NOT_VERIFIED' });
    expect(loginFailure(error, NOW)).toEqual({ kind: 'notVerified' });
  });

  it('a 422 names the broken fields by their message keys', () => {
    const error = mapHttpError(422, {
      detail: [{ loc: ['body', 'username'], msg: 'Enter a valid email address.', type: 'loginEmailInvalid' }],
    });
    expect(loginFailure(error, NOW)).toEqual({ kind: 'invalid', fields: { username: 'loginEmailInvalid' } });
  });

  it('anything else (rate limit, network, a plain 403) is "other"', () => {
    for (const error of [
      mapHttpError(429, { detail: 'Too many', retry_after_seconds: 60 }),
      mapHttpError(undefined, null),
      mapHttpError(403, { detail: 'Access denied' }),
    ]) {
      expect(loginFailure(error, NOW)).toEqual({ kind: 'other', error });
    }
  });
});

describe('linkProblem', () => {
  it('tells expired from invalid-or-used links, and nothing else', () => {
    expect(linkProblem(mapHttpError(400, { detail: 'x', code: 'TOKEN_EXPIRED' }))).toBe('expired');
    expect(linkProblem(mapHttpError(400, { detail: 'x', code: 'TOKEN_INVALID' }))).toBe('invalid');
    expect(linkProblem(mapHttpError(400, { detail: 'x', code: 'VALIDATION_ERROR' }))).toBeNull();
    expect(linkProblem(mapHttpError(500, { code: 'TOKEN_EXPIRED' }))).toBeNull();
  });
});

describe('fieldProblems and problemText', () => {
  it('keeps the first problem per field; a known key is translated, other words kept', () => {
    const error = mapHttpError(422, {
      detail: [
        { loc: ['body', 'date_of_birth'], msg: 'You must be at least 16 years old', type: 'tooYoung' },
        { loc: ['body', 'date_of_birth'], msg: 'second', type: 'futureDate' },
        { loc: ['body', 'email'], msg: 'Something new', type: 'value_error' },
        { msg: 'no loc' },
      ],
    });
    const problems = fieldProblems(error);
    expect(problems).toEqual({ date_of_birth: 'tooYoung', email: { text: 'Something new' } });
    expect(problemText(t, problems.date_of_birth!)).toBe('auth.validation.tooYoung');
    expect(problemText(t, problems.email!)).toBe('Something new');
  });

  it('is empty for anything but a 422 field list', () => {
    expect(fieldProblems(mapHttpError(400, { detail: 'x' }))).toEqual({});
    expect(fieldProblems(mapHttpError(422, { detail: 'not a list' }))).toEqual({});
  });
});

describe('apiErrorText', () => {
  it('translates each row of docs/product.md#http-errors by code; 400 and 422 read differently', () => {
    const rows: Array<[ApiError, string]> = [
      [mapHttpError(undefined, null), 'auth.errors.NETWORK_ERROR'],
      [mapHttpError(400, {}), 'auth.errors.VALIDATION_ERROR'],
      [mapHttpError(422, { detail: [] }), 'auth.errors.VALIDATION_ERROR_422'],
      [mapHttpError(401, {}), 'auth.errors.UNAUTHORIZED'],
      [mapHttpError(403, {}), 'auth.errors.FORBIDDEN'],
      [mapHttpError(404, {}), 'auth.errors.NOT_FOUND'],
      [mapHttpError(429, {}), 'auth.errors.SUBSCRIPTION_LIMIT_REACHED'],
      [mapHttpError(503, {}), 'auth.errors.SERVER_ERROR'],
      [{ code: 'TIMEOUT_ERROR', message: 'Request timed out' }, 'auth.errors.TIMEOUT_ERROR'],
      [{ code: 'ABORTED', message: 'Request was cancelled' }, 'auth.errors.unknown'],
    ];
    for (const [error, key] of rows) expect(apiErrorText(t, error)).toBe(key);
  });
});
