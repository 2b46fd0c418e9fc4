/**
 * Recognises failures that mean "a dependency (the database, Redis) cannot be reached right now",
 * as opposed to a bug: these are answered 503 with Retry-After, so callers retry instead of giving
 * up, and the service recovers by itself when the dependency is back (ADR 37).
 */

/** Seconds a client is asked to wait before it tries again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures (Node's error codes). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (server shutting down or
 * starting), 53300 (too many connections), 57014 (statement cancelled by `statement_timeout`),
 * 25P03 (transaction ended by `idle_in_transaction_session_timeout`).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '25P03'].includes(code);
}

/** Messages of node-postgres and ioredis for a connection that is gone or never came. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /is not queryable/,
  /^Connection is closed\.?$/,
  /enableOfflineQueue options? is false/,
  /^Reached the max retries per request limit/,
  /^read ECONNRESET$/,
];

/** True when `err`, or an error it wraps (`cause`, e.g. drizzle's query error), says a dependency is unreachable. */
export function isDependencyUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && unavailableMessages.some((m) => m.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
