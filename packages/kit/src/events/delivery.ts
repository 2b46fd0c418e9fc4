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

/** The error text kept with a dead letter: the message only, bounded (never the event's data). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
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
