/**
 * The jobs port: delayed jobs, repeating schedules, retries with backoff.
 * Adapters: in-process (embedded) and BullMQ (Redis). Both pass the contract suite in `contract.ts`.
 */
export interface JobQueue {
  readonly kind: 'memory' | 'bullmq';
  /** Registers the handler for jobs named `name`. A job that throws is retried with backoff. */
  process<T = unknown>(name: string, handler: JobHandler<T>, options?: ProcessOptions): void;
  /** Adds one job. A `jobId` already queued or running is not added twice. */
  add<T = unknown>(name: string, data: T, options?: AddOptions): Promise<void>;
  /** Runs `name` every `everyMs` (idempotent sweeps). Registering the same schedule again replaces it. */
  repeat(name: string, options: { everyMs: number; data?: unknown }): Promise<void>;
  ping(): Promise<void>;
  /** Jobs waiting to run (due or delayed), by job name, for metrics (ADR 44). */
  depth(): Promise<Record<string, number>>;
  /** Stops taking jobs, waits for running ones, closes connections. */
  close(): Promise<void>;
}

export type JobHandler<T> = (job: { name: string; data: T; attempt: number }) => Promise<void>;

export interface ProcessOptions {
  /** Parallel jobs of this name in this process; default 1. */
  concurrency?: number;
}

export interface AddOptions {
  delayMs?: number;
  jobId?: string;
  /** Total tries, the first included; default 3. */
  attempts?: number;
  /** First retry delay; doubles each retry. Default 1000 ms. */
  backoffMs?: number;
}

/** A handler that threw. `error` is the thrown value: log its message, never the job's data. */
export interface JobFailure {
  name: string;
  jobId?: string;
  /** The attempt that failed, 1 for the first. */
  attempt: number;
  /** True when no retry follows: the job is dropped (or, for a repeating job, waits for its next run). */
  final: boolean;
  error: unknown;
}

/**
 * What an adapter reports and cannot handle itself (job failures, lost connections). Both adapters
 * drop a job after its last failed attempt, so this is where a service logs or counts it.
 */
export interface JobQueueHooks {
  onJobFailed?: (failure: JobFailure) => void;
  onError?: (error: Error) => void;
}
