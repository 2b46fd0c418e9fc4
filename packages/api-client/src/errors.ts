/**
 * Error mapping of docs/product.md#http-errors. Every failed call, whatever its cause, reaches the screens as one
 * `ApiError`, so a screen shows `message` and branches on `code` without knowing about HTTP.
 */
export type ApiError = {
  code: string;
  message: string;
  details?: unknown;
  /** HTTP status when a response arrived. */
  status?: number;
};

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TIMEOUT_ERROR_MESSAGE = 'Request timed out';
export const ABORTED_MESSAGE = 'Request was cancelled';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** docs/product.md#http-errors, one row per status; any status not listed is the "500 and others" row. */
const HTTP_ROWS: Record<number, { code: string; message: string }> = {
  400: { code: 'VALIDATION_ERROR', message: 'Invalid request data' },
  401: { code: 'UNAUTHORIZED', message: 'Authentication required' },
  403: { code: 'FORBIDDEN', message: 'Access denied' },
  404: { code: 'NOT_FOUND', message: 'Resource not found' },
  422: { code: 'VALIDATION_ERROR', message: 'Validation error' },
  429: { code: 'SUBSCRIPTION_LIMIT_REACHED', message: 'Rate limit exceeded' },
};
const OTHER_STATUS_ROW = { code: 'SERVER_ERROR', message: 'Internal server error' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The server's own message (docs/product.md#error-messages): `detail` when it is a string or the `msg` of its first entry,
 * then `message`, then `error`. A plain-text body (a proxy's error page) is not used: it is not
 * meant for people.
 */
export function serverMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { detail } = body;
  if (Array.isArray(detail)) {
    const first: unknown = detail[0];
    const msg = isRecord(first) ? nonBlank(first.msg) : undefined;
    if (msg) return msg;
  }
  return nonBlank(detail) ?? nonBlank(body.message) ?? nonBlank(body.error);
}

/**
 * Maps an HTTP failure. `status` undefined means no response arrived (NETWORK_ERROR).
 * Reading of docs/product.md#error-messages: the server's message wins when it sends one (so the login screen can show
 * 'Incorrect email or password...'); the row's message is the default. 422 carries the field list
 * of `detail` as `details`; every other status carries the whole body (400 "with details", and the
 * login screen needs `locked_until` and `failed_login_attempts` from it).
 */
export function mapHttpError(status: number | undefined, body: unknown): ApiError {
  if (status === undefined) return { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE };
  const row = HTTP_ROWS[status] ?? OTHER_STATUS_ROW;
  const error: ApiError = { code: row.code, message: serverMessage(body) ?? row.message, status };
  if (status === 422) {
    if (isRecord(body) && body.detail !== undefined) error.details = body.detail;
  } else if (isRecord(body) && Object.keys(body).length > 0) {
    error.details = body;
  }
  return error;
}

function errorName(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
}

/**
 * Maps a failure that is not an HTTP response: the time-out, a cancelled request, a network
 * failure (fetch rejects with a TypeError when nothing answers), or any other thrown error
 * (SERVER_ERROR with its text, docs/product.md#http-errors "non-HTTP error").
 */
export function mapTransportError(err: unknown): ApiError {
  const name = errorName(err);
  if (name === 'TimeoutError') return { code: 'TIMEOUT_ERROR', message: TIMEOUT_ERROR_MESSAGE };
  if (name === 'AbortError') return { code: 'ABORTED', message: ABORTED_MESSAGE };
  if (err instanceof TypeError) return { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE };
  if (err instanceof ApiRequestError) return err.toApiError();
  if (isApiError(err)) return err;
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return { code: 'SERVER_ERROR', message: nonBlank(text) ?? UNKNOWN_ERROR_MESSAGE };
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.code === 'string' && typeof value.message === 'string';
}

/** Thrown by `apiFetch`; it is an `Error` (stack, instanceof) and an `ApiError` (code, message…). */
export class ApiRequestError extends Error implements ApiError {
  code: string;
  details?: unknown;
  status?: number;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.code = error.code;
    if (error.details !== undefined) this.details = error.details;
    if (error.status !== undefined) this.status = error.status;
  }

  toApiError(): ApiError {
    const { code, message, details, status } = this;
    return {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(status === undefined ? {} : { status }),
    };
  }
}
