import type { EventEnvelope } from '@innerview/contracts';

/**
 * Pieces every adapter shares: counters, retry delays, error text and the "give up now" signal.
 */

/** Plain counters a caller can read (the kit's Prometheus wiring exports them). */
export interface BusMetrics {
  /** Events accepted by `publish`. */
  published: number;
  /** Events a handler finished without error. */
  consumed: number;
  /** Handler failures (each try counts). */
  failed: number;
  /** Events moved to the dead-letter stream. */
  deadLettered: number;
}

export function newBusMetrics(): BusMetrics {
  return { published: 0, consumed: 0, failed: 0, deadLettered: 0 };
}

/**
 * Thrown by a handler for an event that can never succeed (malformed, unknown type): the bus
 * dead-letters it at once instead of retrying.
 */
export class PoisonEventError extends Error {
  override readonly name = 'PoisonEventError';
}

export function isPoison(error: unknown): boolean {
  return error instanceof PoisonEventError || (error as { name?: unknown } | null)?.name === 'ZodError';
}

export const defaultMaxAttempts = 5;
export const defaultRetryDelayMs = 200;
const maxRetryDelayMs = 30_000;

/** Delay before try `attempt + 1`: doubles from `baseMs`, capped. */
export function retryDelay(baseMs: number, attempt: number): number {
  return Math.min(maxRetryDelayMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * The error text kept with a dead letter: the message only, bounded (never the event's data).
 * A failed drizzle query says "Failed query: <sql> params: <values>": the values may be a person's
 * data, so only the driver's own error is kept, and of a data exception only its code.
 */
export function errorText(error: unknown): string {
  const failedQuery = error instanceof Error && 'query' in error && 'params' in error;
  const shown = failedQuery && error.cause !== undefined ? error.cause : error;
  // PostgreSQL's data exceptions (class 22) quote the offending value in their message.
  const quotesValue = codeOf(shown)?.startsWith('22') === true;
  const text =
    shown instanceof Error
      ? `${shown.name}: ${
          failedQuery && shown === error ? 'Failed query' : quotesValue ? 'data exception' : shown.message
        }`
      : String(shown);
  const withCode = codeOf(shown) && !text.includes(codeOf(shown)!) ? `${text} (${codeOf(shown)})` : text;
  return withCode.length > 1000 ? `${withCode.slice(0, 1000)}…` : withCode;
}

/**
 * Thrown by a handler (or anything it calls) for a failure that waiting fixes: a dependency that
 * is down, busy or not ready. The event is retried for the retry window, never dead-lettered early.
 */
export class TransientError extends Error {
  override readonly name = 'TransientError';
}

/** Node and undici socket errors: the other side is unreachable, went away or did not answer. */
const transientSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTCONN',
  'ERR_SOCKET_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * PostgreSQL SQLSTATEs a retry can get past: connection exceptions (class 08), the server shutting
 * down or starting (57P01-57P03), a statement or idle-transaction time-out (57014, 25P03), too many
 * connections or out of resources (53xxx), and the losers of serialization or deadlock races.
 */
function isTransientSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    ['57P01', '57P02', '57P03', '57014', '25P03', '40001', '40P01', '55P03'].includes(code)
  );
}

/** Messages of pg, PGlite and ioredis for a connection that is gone, where they carry no code. */
const transientMessages = [
  /connection terminated/i,
  /connection (is )?closed/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /query read timeout/i,
  /database closed/i,
  /max retries per request/i,
  /socket hang up/i,
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether retrying later can fix `error` (see ADR 35): unreachable or timed-out connections, the
 * database's connection and shutdown codes, statement time-outs, a called service answering
 * 502/503/504 or not answering, and a `TransientError`. Everything else (a handler's own error, an
 * invalid event) is permanent. Wrapped errors are looked through (`cause`, `AggregateError`).
 */
export function isTransient(error: unknown, depth = 0): boolean {
  if (error === null || error === undefined || depth > 5) return false;
  if (error instanceof TransientError) return true;
  if (isPoison(error)) return false;
  const e = error as { name?: unknown; code?: unknown; status?: unknown; statusCode?: unknown };
  const code = codeOf(error);
  if (code && (transientSocketCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code))))
    return true;
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  if (status === 502 || status === 503 || status === 504) return true;
  if (e.name === 'TimeoutError' || e.name === 'ConnectionTimeoutError') return true;
  if (error instanceof Error && transientMessages.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isTransient(inner, depth + 1)))
    return true;
  return isTransient((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * Thrown into a bus by a handler whose subscription is stopping: the event was not tried, so the
 * bus leaves it for the next consumer without counting a try.
 */
export class DeliveryStoppedError extends Error {
  override readonly name = 'DeliveryStoppedError';
  constructor() {
    super('subscription stopping');
  }
}

export function isStopped(error: unknown): boolean {
  return error instanceof DeliveryStoppedError;
}

/**
 * Exponential backoff with full jitter: a random delay up to `baseMs` doubled per earlier failure,
 * capped at `capMs`. The jitter keeps a group's consumers from retrying in step after an outage.
 */
export function jitteredDelay(baseMs: number, capMs: number, failures: number, random = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.floor(random() * ceiling);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true when `promise` settles within `ms`, false otherwise (it is left running). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stable 32-bit FNV-1a hash: the same subject maps to the same partition in every process. */
export function hashSubject(subject: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < subject.length; i++) {
    hash ^= subject.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Minimal logger (pino-compatible) the adapters report trouble to; never given event data. */
export interface EventsLogger {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: EventsLogger = { warn: () => {}, error: () => {} };

export function eventRef(event: EventEnvelope): { eventId: string; eventType: string } {
  return { eventId: event.id, eventType: event.type };
}
