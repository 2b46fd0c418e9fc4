import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { createBullmqJobQueue } from './bullmq-queue.ts';
import { jobQueueContract, sleep } from './contract.ts';
import type { JobQueue } from './queue.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Every queue of this run lives under its own prefix, removed at the end.
const runPrefix = `test-jobs-${randomUUID()}`;
let queueCount = 0;
const nextPrefix = () => `${runPrefix}:${++queueCount}`;

let redis: Redis;

beforeAll(async () => {
  // Fail fast, with the cause, when Redis is not there: these tests must fail, never skip.
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => {});
  await redis.ping().catch((error: Error) => {
    throw new Error(`Redis is not reachable at ${redisUrl} (set REDIS_URL): ${error.message}`);
  });
});

afterAll(async () => {
  if (redis.status !== 'ready') return;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
});

jobQueueContract('bullmq', (hooks) => createBullmqJobQueue({ redisUrl, prefix: nextPrefix(), ...hooks }));

describe('bullmq job queue across replicas', () => {
  const replicas = (count: number): JobQueue[] => {
    const prefix = nextPrefix();
    return Array.from({ length: count }, () => createBullmqJobQueue({ redisUrl, prefix }));
  };

  it('runs a schedule registered by every replica once per interval, one run at a time', async () => {
    const queues = replicas(3);
    const runAt: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    try {
      for (const queue of queues) {
        queue.process('erasure-sweep', async () => {
          runAt.push(Date.now());
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await sleep(30);
          running -= 1;
        });
        await queue.repeat('erasure-sweep', { everyMs: 100 });
      }
      // A rate, read from the runs' own times (BullMQ's schedule runs on Redis, no clock to move):
      // ten runs of one 100 ms schedule span about 900 ms; of one per replica about 300 ms.
      await eventually(() => runAt.length >= 11, { timeoutMs: 10_000 });
      expect(runAt[10]! - runAt[1]!).toBeGreaterThanOrEqual(700);
      expect(mostAtOnce).toBe(1);
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
    }
  });

  it('adds a jobId once whichever replica adds it, and runs it on one of them', async () => {
    const queues = replicas(2);
    const runs: unknown[] = [];
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    try {
      for (const queue of queues) {
        queue.process('welcome-mail', async (job) => {
          runs.push(job.data);
          // Still running while the other replica's add arrives: a finished job's id may be
          // used again by design, so a job that ended first would make this test race.
          await finished;
        });
      }
      await Promise.all(
        queues.map((queue, i) => queue.add('welcome-mail', { from: i }, { jobId: 'user-9' })),
      );
      await eventually(() => runs.length === 1);
      // The job still runs, and no second one waits on either replica (the queue is shared).
      for (const queue of queues) expect((await queue.depth())['welcome-mail']).toBe(0);
      expect(runs).toHaveLength(1);
    } finally {
      finish();
      await Promise.all(queues.map((queue) => queue.close()));
    }
  });

  it('releases every Redis connection it opened on close', async () => {
    const prefix = nextPrefix();
    const connectionsOfQueue = async () =>
      ((await redis.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${prefix}:`))
        .length;
    const queue = createBullmqJobQueue({ redisUrl, prefix });
    queue.process('a', async () => {});
    queue.process('b', async () => {});
    await queue.add('a', {});
    await queue.ping();
    // Two shared clients (commands, workers) and one blocking connection per worker, once all connected.
    await expect.poll(connectionsOfQueue, { timeout: 5000, interval: 20 }).toBe(4);
    await queue.close();
    await expect.poll(connectionsOfQueue, { timeout: 5000, interval: 20 }).toBe(0);
  });
});
