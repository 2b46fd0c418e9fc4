import { describe, expect, it } from 'vitest';
import { ApiRequestError, mapHttpError, mapTransportError, serverMessage } from './errors.ts';
import { HTTP_ERROR_ROWS } from './testing/http-errors.ts';

describe('mapHttpError: each row of docs/product.md#http-errors with an empty body', () => {
  it.each([
    ...HTTP_ERROR_ROWS,
    // Any other status reads as a server error.
    [502, 'SERVER_ERROR', 'Internal server error'],
    [503, 'SERVER_ERROR', 'Internal server error'],
    [409, 'SERVER_ERROR', 'Internal server error'],
    [418, 'SERVER_ERROR', 'Internal server error'],
  ])('%i → %s "%s"', (status, code, message) => {
    expect(mapHttpError(status, null)).toEqual({ code, message, status });
    expect(mapHttpError(status, {})).toEqual({ code, message, status });
    expect(mapHttpError(status, '<html>Bad gateway</html>')).toEqual({ code, message, status });
  });

  it('no response → NETWORK_ERROR with the connection message', () => {
    expect(mapHttpError(undefined, null)).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });
});

describe('mapHttpError: the message the server sends', () => {
  it('takes detail when it is a string', () => {
    const body = { detail: 'Incorrect email or password. Please try again.', message: 'm', error: 'e' };
    expect(mapHttpError(400, body)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Incorrect email or password. Please try again.',
      details: body,
      status: 400,
    });
  });

  it('takes the msg of the first detail entry, and 422 carries the field list as details', () => {
    const detail = [
      { loc: ['body', 'email'], msg: 'Enter a valid email address.', type: 'value_error' },
      { loc: ['body', 'password'], msg: 'Field required', type: 'missing' },
    ];
    expect(mapHttpError(422, { detail, code: 'VALIDATION_ERROR' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Enter a valid email address.',
      details: detail,
      status: 422,
    });
  });

  it('falls back to message, then error', () => {
    expect(mapHttpError(403, { message: 'Plan required', error: 'x' }).message).toBe('Plan required');
    expect(mapHttpError(404, { error: 'No such session' }).message).toBe('No such session');
    expect(mapHttpError(429, { detail: '  ', message: '', error: 'Trial quota used up' }).message).toBe(
      'Trial quota used up',
    );
  });

  it('keeps the body as details so the login screen can read the lockout fields', () => {
    const body = { detail: 'Account locked', locked_until: '2026-01-01T10:00:00Z', failed_login_attempts: 5 };
    expect(mapHttpError(401, body)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Account locked',
      details: body,
      status: 401,
    });
  });

  it('a 422 with an empty field list keeps the row message', () => {
    expect(mapHttpError(422, { detail: [] })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [],
      status: 422,
    });
  });

  it('serverMessage ignores non-object bodies', () => {
    expect(serverMessage('Internal Server Error')).toBeUndefined();
    expect(serverMessage([{ msg: 'x' }])).toBeUndefined();
  });
});

describe('mapTransportError', () => {
  it('time-out', () => {
    expect(mapTransportError(new DOMException('signal timed out', 'TimeoutError'))).toEqual({
      code: 'TIMEOUT_ERROR',
      message: 'Request timed out',
    });
  });

  it('abort', () => {
    expect(mapTransportError(new DOMException('aborted', 'AbortError'))).toEqual({
      code: 'ABORTED',
      message: 'Request was cancelled',
    });
  });

  it('fetch failing without a response → NETWORK_ERROR', () => {
    expect(mapTransportError(new TypeError('Failed to fetch'))).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });

  it('non-HTTP error → SERVER_ERROR with its text, or the unknown-error message', () => {
    expect(mapTransportError(new Error('Stream parser broke'))).toEqual({
      code: 'SERVER_ERROR',
      message: 'Stream parser broke',
    });
    expect(mapTransportError('plain text failure')).toEqual({
      code: 'SERVER_ERROR',
      message: 'plain text failure',
    });
    expect(mapTransportError(undefined)).toEqual({
      code: 'SERVER_ERROR',
      message: 'An unknown error occurred',
    });
    expect(mapTransportError(new Error(''))).toEqual({
      code: 'SERVER_ERROR',
      message: 'An unknown error occurred',
    });
    expect(mapTransportError({ weird: true })).toEqual({
      code: 'SERVER_ERROR',
      message: 'An unknown error occurred',
    });
  });

  it('an ApiRequestError passes through unchanged', () => {
    const err = new ApiRequestError({ code: 'FORBIDDEN', message: 'Access denied', status: 403 });
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('Access denied');
    expect(mapTransportError(err)).toEqual({ code: 'FORBIDDEN', message: 'Access denied', status: 403 });
  });
});
