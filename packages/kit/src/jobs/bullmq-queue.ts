import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  assertEveryMs,
  assertJobName,
  JobQueueClosedError,
  resolveAddOptions,
  resolveConcurrency,
  toJobData,
} from './options.ts';
import type { JobQueue, JobQueueHooks } from './queue.ts';
import { runExclusive } from './schedule-lock.ts';

export interface BullmqJobQueueOptions extends JobQueueHooks {
  redisUrl: string;
  /**
   * Namespace of every Redis key (BullMQ's `prefix`). Job names are queue names inside it, so give
   * each service its own (`innerview:notifications`) and each test run its own.
   */
  prefix?: string;
  /** How often the declared schedules are checked for in Redis; default 30 s. */
  scheduleCheckMs?: number;
  /** Told when a schedule found missing was declared again. */
  onScheduleRestored?: (name: string) => void;
}

const defaultScheduleCheckMs = 30_000;

/**
 * The BullMQ adapter (distributed mode).
 *
 * One BullMQ queue and one worker per job name, rather than one queue of named jobs: concurrency
 * is a worker setting in BullMQ, so only a worker per name gives each name its own; a worker only
 * ever takes jobs this process has a handler for; and a slow or backed-up name cannot hold up the
 * others.
 *
 * Finished jobs are removed at once (`removeOnComplete`/`removeOnFail`): BullMQ refuses a `jobId`
 * while a job with it exists in any state, and the port promises de-duplication only while a job
 * is queued or running. Failures are reported through `onJobFailed` instead of being kept in Redis.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'innerview';
  const connectionName = `${prefix.replace(/[^A-Za-z0-9:._-]/g, '_')}:jobs`;
  let closing: Promise<void> | undefined;
  // Reconnect until closing, then give up: a worker waits for its pending commands before it
  // closes, and against an unreachable Redis only the end of the connection ends that wait.
  const retryStrategy = (times: number) => (closing ? null : Math.min(times * 50, 2000));
  // Queues and the schedule lock: commands fail after the default retries (a clear error from
  // `add` while Redis is down) instead of waiting for ever.
  const commands = new Redis(options.redisUrl, { connectionName, retryStrategy });
  // Workers: BullMQ requires `maxRetriesPerRequest: null`; each worker duplicates this client for
  // its blocking connection and closes that copy itself.
  const workerConnection = new Redis(options.redisUrl, {
    connectionName,
    retryStrategy,
    maxRetriesPerRequest: null,
  });
  const onError = (error: Error) => options.onError?.(error);
  commands.on('error', onError);
  workerConnection.on('error', onError);

  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  /** Every schedule this process declared, to declare again when Redis lost them. */
  const schedules = new Map<string, { everyMs: number; data: unknown }>();

  const queueOf = (name: string): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: commands, prefix });
      queue.on('error', onError);
      queues.set(name, queue);
    }
    return queue;
  };

  const declare = (name: string, schedule: { everyMs: number; data: unknown }) =>
    // The scheduler id is the job name: every replica upserts the same scheduler, so the schedule
    // exists once however many register it. A run gets one attempt: the next run is its retry.
    queueOf(name).upsertJobScheduler(
      name,
      { every: schedule.everyMs },
      {
        name,
        data: toJobData(schedule.data),
        opts: { attempts: 1, removeOnComplete: true, removeOnFail: true },
      },
    );

  /**
   * Schedules live only in Redis: a Redis that comes back empty (restart without persistence,
   * failover to a replica that had not caught up) has none, and no sweep would ever run again.
   * So they are declared again on every reconnect, and a slow check finds any that vanished
   * without a reconnect (ADR 38).
   */
  const redeclareMissing = async (reason: 'reconnect' | 'check') => {
    if (closing || schedules.size === 0) return;
    for (const [name, schedule] of schedules) {
      if (closing) return;
      try {
        if (reason === 'check' && (await queueOf(name).getJobScheduler(name))) continue;
        await declare(name, schedule);
        if (reason === 'check') options.onScheduleRestored?.(name);
      } catch (error) {
        onError(error as Error);
      }
    }
  };
  let connectedOnce = false;
  commands.on('ready', () => {
    if (connectedOnce) void redeclareMissing('reconnect');
    connectedOnce = true;
  });
  const scheduleCheck = setInterval(
    () => void redeclareMissing('check'),
    options.scheduleCheckMs ?? defaultScheduleCheckMs,
  );
  scheduleCheck.unref();

  const reportFailure = (job: Job | undefined, error: Error) => {
    if (!job) return;
    const attempt = job.attemptsMade;
    const final = attempt >= (job.opts.attempts ?? 1);
    options.onJobFailed?.({ name: job.name, jobId: fromBullmqJobId(job.id), attempt, final, error });
  };

  return {
    kind: 'bullmq',

    process(name, handler, processOptions) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      const concurrency = resolveConcurrency(processOptions);
      if (workers.has(name)) throw new Error(`a handler for jobs "${name}" is already registered`);
      const worker = new Worker(
        name,
        async (job: Job) => {
          const run = () => handler({ name, data: job.data, attempt: job.attemptsMade + 1 });
          // A run created by the job scheduler: skipped while another run of it holds the lock.
          if (job.repeatJobKey) await runExclusive(commands, `${prefix}:${name}:lock:schedule`, run);
          else await run();
        },
        { connection: workerConnection, prefix, concurrency },
      );
      worker.on('error', onError);
      worker.on('failed', reportFailure);
      workers.set(name, worker);
    },

    async add(name, data, addOptions) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      const { delayMs, jobId, attempts, backoffMs } = resolveAddOptions(addOptions);
      await queueOf(name).add(name, toJobData(data), {
        jobId: jobId === undefined ? undefined : toBullmqJobId(jobId),
        delay: delayMs,
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },

    async repeat(name, repeatOptions) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      assertEveryMs(repeatOptions.everyMs);
      const schedule = { everyMs: repeatOptions.everyMs, data: repeatOptions.data };
      await declare(name, schedule);
      schedules.set(name, schedule);
    },

    async depth() {
      const names = new Set([...queues.keys(), ...workers.keys()]);
      const depths: Record<string, number> = {};
      for (const name of names) {
        const counts = await queueOf(name).getJobCounts('waiting', 'delayed', 'prioritized');
        depths[name] = Object.values(counts).reduce((sum, n) => sum + n, 0);
      }
      return depths;
    },

    async ping() {
      if (closing) throw new JobQueueClosedError();
      // While Redis is away ioredis queues the command and retries for many seconds; readiness
      // wants a prompt answer.
      await Promise.race([commands.ping(), rejectAfter(pingTimeoutMs, 'Redis did not answer ping')]);
    },

    close() {
      closing ??= (async () => {
        clearInterval(scheduleCheck);
        // Workers first: each one stops fetching and waits for the jobs it is running.
        await Promise.allSettled([...workers.values()].map((worker) => worker.close()));
        await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
        await Promise.allSettled([quit(commands), quit(workerConnection)]);
      })();
      return closing;
    },
  };
}

/**
 * BullMQ refuses ids that look like integers or contain ":" (its own ids use both), and callers want
 * ids like `trial-reminder:<user id>`; a fixed prefix and URI escaping keep any string usable.
 */
function toBullmqJobId(jobId: string): string {
  return `id-${encodeURIComponent(jobId)}`;
}

function fromBullmqJobId(id: string | undefined): string | undefined {
  return id?.startsWith('id-') ? decodeURIComponent(id.slice(3)) : undefined;
}

const pingTimeoutMs = 2000;

function rejectAfter(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}

async function quit(redis: Redis): Promise<void> {
  // QUIT would wait in the offline queue for a connection that may never come back.
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
