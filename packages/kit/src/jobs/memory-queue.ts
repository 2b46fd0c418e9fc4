import {
  assertEveryMs,
  assertJobName,
  JobQueueClosedError,
  resolveAddOptions,
  resolveConcurrency,
  retryDelayMs,
  toJobData,
} from './options.ts';
import type { JobHandler, JobQueue, JobQueueHooks } from './queue.ts';

/**
 * The in-process adapter (embedded mode): timers and arrays, nothing survives a restart. It mirrors
 * the BullMQ adapter's behaviour so that the same contract suite passes on both:
 * - a `jobId` is reserved from `add` until the job succeeds or fails for good (retry waits included);
 * - a repeating schedule runs once at registration, then every `everyMs`; re-registering with the
 *   same interval keeps the rhythm and only swaps the data, a new interval restarts it;
 * - a repeating run gets one attempt (its next run is the retry) and a tick that comes while the
 *   previous run is queued or running is skipped, so a schedule never overlaps with itself.
 */
export function createMemoryJobQueue(hooks: JobQueueHooks = {}): JobQueue {
  const lanes = new Map<string, Lane>();
  const reservedIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules = new Map<string, Schedule>();
  const running = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;

  const laneOf = (name: string): Lane => {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { handler: undefined, concurrency: 1, ready: [], active: 0, scheduledBusy: false };
      lanes.set(name, lane);
    }
    return lane;
  };

  const later = (delayMs: number, fn: () => void): NodeJS.Timeout => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, delayMs);
    timers.add(timer);
    return timer;
  };

  const enqueue = (job: MemoryJob): void => {
    if (closing) return;
    laneOf(job.name).ready.push(job);
    pump(job.name);
  };

  const pump = (name: string): void => {
    const lane = laneOf(name);
    while (!closing && lane.handler && lane.active < lane.concurrency) {
      const job = lane.ready.shift();
      if (!job) return;
      start(lane, lane.handler, job);
    }
  };

  const release = (lane: Lane, job: MemoryJob): void => {
    if (job.reservedKey) reservedIds.delete(job.reservedKey);
    if (job.scheduled) lane.scheduledBusy = false;
  };

  const start = (lane: Lane, handler: JobHandler<unknown>, job: MemoryJob): void => {
    lane.active += 1;
    const run = (async () => {
      try {
        await handler({ name: job.name, data: job.data, attempt: job.attempt });
        release(lane, job);
      } catch (error) {
        const final = job.attempt >= job.attempts || closing !== undefined;
        hooks.onJobFailed?.({ name: job.name, jobId: job.jobId, attempt: job.attempt, final, error });
        if (final) release(lane, job);
        else
          later(retryDelayMs(job.backoffMs, job.attempt), () =>
            enqueue({ ...job, attempt: job.attempt + 1 }),
          );
      } finally {
        lane.active -= 1;
        pump(job.name);
      }
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  const tick = (name: string): void => {
    const schedule = schedules.get(name);
    const lane = laneOf(name);
    if (closing || !schedule || lane.scheduledBusy) return;
    lane.scheduledBusy = true;
    enqueue({ ...single(name, toJobData(schedule.data)), scheduled: true });
  };

  const queue: JobQueue = {
    kind: 'memory',

    process(name, handler, options) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      const concurrency = resolveConcurrency(options);
      const lane = laneOf(name);
      if (lane.handler) throw new Error(`a handler for jobs "${name}" is already registered`);
      lane.handler = handler as JobHandler<unknown>;
      lane.concurrency = concurrency;
      pump(name);
    },

    async add(name, data, options) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      const { delayMs, jobId, attempts, backoffMs } = resolveAddOptions(options);
      const job: MemoryJob = { ...single(name, toJobData(data)), jobId, attempts, backoffMs };
      if (jobId !== undefined) {
        const key = `${name}\u0000${jobId}`;
        if (reservedIds.has(key)) return;
        reservedIds.add(key);
        job.reservedKey = key;
      }
      if (delayMs > 0) later(delayMs, () => enqueue(job));
      else enqueue(job);
    },

    async repeat(name, options) {
      if (closing) throw new JobQueueClosedError();
      assertJobName(name);
      assertEveryMs(options.everyMs);
      const data = toJobData(options.data);
      const existing = schedules.get(name);
      if (existing?.everyMs === options.everyMs) {
        existing.data = data;
        return;
      }
      if (existing) {
        clearInterval(existing.timer);
        timers.delete(existing.timer);
      }
      const timer = setInterval(() => tick(name), options.everyMs);
      timers.add(timer);
      schedules.set(name, { everyMs: options.everyMs, data, timer });
      later(0, () => tick(name));
    },

    async ping() {
      if (closing) throw new JobQueueClosedError();
    },

    async depth() {
      return Object.fromEntries([...lanes].map(([name, lane]) => [name, lane.ready.length]));
    },

    close() {
      closing ??= (async () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        schedules.clear();
        for (const lane of lanes.values()) lane.ready.length = 0;
        // A job that finishes can start nothing new (pump checks `closing`), so this drains.
        while (running.size > 0) await Promise.allSettled([...running]);
      })();
      return closing;
    },
  };
  return queue;
}

interface Lane {
  handler: JobHandler<unknown> | undefined;
  concurrency: number;
  ready: MemoryJob[];
  active: number;
  /** A run of this name's schedule is queued or running. */
  scheduledBusy: boolean;
}

interface MemoryJob {
  name: string;
  data: unknown;
  jobId?: string;
  reservedKey?: string;
  attempt: number;
  attempts: number;
  backoffMs: number;
  scheduled?: boolean;
}

interface Schedule {
  everyMs: number;
  data: unknown;
  timer: NodeJS.Timeout;
}

/** A job with one attempt: a repeating run, or the base that `add` fills in. */
function single(name: string, data: unknown): MemoryJob {
  return { name, data, attempt: 1, attempts: 1, backoffMs: 0 };
}
