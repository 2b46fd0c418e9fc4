import type { AddOptions, ProcessOptions } from './queue.ts';

/**
 * Input checks and defaults shared by both adapters, so a job added in embedded mode behaves as it
 * would on BullMQ: same defaults, same refusals, same data after the trip through JSON.
 */

export const defaultAttempts = 3;
export const defaultBackoffMs = 1000;

/** Letters, digits, `.`, `_`, `-`: safe as a BullMQ queue name and inside a Redis key. */
const jobNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface ResolvedAddOptions {
  delayMs: number;
  jobId: string | undefined;
  attempts: number;
  backoffMs: number;
}

export function assertJobName(name: string): void {
  if (typeof name !== 'string' || !jobNamePattern.test(name)) {
    throw new TypeError(`invalid job name ${JSON.stringify(name)}: use letters, digits, ".", "_" or "-"`);
  }
}

export function resolveAddOptions(options: AddOptions = {}): ResolvedAddOptions {
  const { delayMs = 0, jobId, attempts = defaultAttempts, backoffMs = defaultBackoffMs } = options;
  assertWholeNumber('delayMs', delayMs, 0);
  assertWholeNumber('attempts', attempts, 1);
  assertWholeNumber('backoffMs', backoffMs, 0);
  if (jobId !== undefined && (typeof jobId !== 'string' || jobId.length === 0 || jobId.length > 256)) {
    throw new TypeError('jobId must be a non-empty string of at most 256 characters');
  }
  return { delayMs, jobId, attempts, backoffMs };
}

export function resolveConcurrency(options: ProcessOptions = {}): number {
  const { concurrency = 1 } = options;
  assertWholeNumber('concurrency', concurrency, 1);
  return concurrency;
}

export function assertEveryMs(everyMs: number): void {
  assertWholeNumber('everyMs', everyMs, 1);
}

/** Delay before retry number `attempt` (the failed attempt, 1-based): backoff, doubled each time. */
export function retryDelayMs(backoffMs: number, failedAttempt: number): number {
  return backoffMs * 2 ** (failedAttempt - 1);
}

/**
 * Job data as a handler receives it: BullMQ stores JSON, so the in-process adapter round-trips it
 * too (a Date arrives as a string, `undefined` as null) and data that JSON cannot carry fails at
 * `add`, in both modes, rather than in production only.
 */
export function toJobData<T>(data: T): T {
  if (data === undefined) return null as T;
  return JSON.parse(JSON.stringify(data)) as T;
}

export class JobQueueClosedError extends Error {
  constructor() {
    super('the job queue is closed');
    this.name = 'JobQueueClosedError';
  }
}

function assertWholeNumber(field: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${field} must be a whole number of at least ${min}, got ${String(value)}`);
  }
}
