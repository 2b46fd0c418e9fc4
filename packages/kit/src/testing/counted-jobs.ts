import { createMemoryJobQueue } from '../jobs/memory-queue.ts';
import { defaultAttempts } from '../jobs/options.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** A job queue that can tell a test when the jobs it was given are done. */
export interface CountedJobQueue extends JobQueue {
  /**
   * Waits until every job added so far has run to the end or failed its last attempt, its delay and
   * retries included. A test then checks what the jobs did (a mail for a known address, none for an
   * unknown one) with no pause for a job that might still come.
   */
  allFinished(timeoutMs?: number): Promise<void>;
}

interface Tagged {
  countedJob: number;
  data: unknown;
}

const isTagged = (data: unknown): data is Tagged =>
  typeof data === 'object' && data !== null && 'countedJob' in data && 'data' in data;

/**
 * The in-process queue, counting: each added job carries a number (unwrapped before its handler
 * sees its data), and it counts as finished when a handler returns for it, or throws on its last
 * attempt. Jobs of a repeating schedule are not counted. A jobId already queued is still counted
 * (the queue drops it): give the jobs a test waits for ids of their own.
 */
export function countedJobQueue(): CountedJobQueue {
  let added = 0;
  const attemptsOf = new Map<number, number>();
  const finished = new Set<number>();
  const inner = createMemoryJobQueue();
  return {
    kind: inner.kind,
    ping: () => inner.ping(),
    depth: () => inner.depth(),
    close: () => inner.close(),
    repeat: (name, options) => inner.repeat(name, options),
    async add(name, data, options) {
      const countedJob = ++added;
      attemptsOf.set(countedJob, options?.attempts ?? defaultAttempts);
      await inner.add<Tagged>(name, { countedJob, data }, options);
    },
    process(name, handler, options) {
      inner.process(
        name,
        async (job) => {
          if (!isTagged(job.data)) return handler(job as never);
          const { countedJob, data } = job.data;
          try {
            await handler({ ...job, data: data as never });
            finished.add(countedJob);
          } catch (error) {
            if (job.attempt >= (attemptsOf.get(countedJob) ?? defaultAttempts)) finished.add(countedJob);
            throw error;
          }
        },
        options,
      );
    },
    async allFinished(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const target = added;
      const done = () => Array.from({ length: target }, (_, i) => i + 1).every((n) => finished.has(n));
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`jobs not finished within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
