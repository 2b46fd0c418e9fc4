import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { type OwnRedis, startOwnRedis } from '../testing/redis-server.ts';
import { createBullmqJobQueue } from './bullmq-queue.ts';
import type { JobQueue } from './queue.ts';

// BullMQ keeps job schedules only in Redis. On a private redis-server killed and started again
// EMPTY, a sweep must run again without restarting the service (ADR 38).

describe('BullMQ schedules after Redis comes back empty', () => {
  let redis: OwnRedis;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
  });

  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await redis?.stop();
  });

  it('declares its schedules again on reconnect, so the sweep keeps running', async () => {
    const queue = createBullmqJobQueue({ redisUrl: redis.url, prefix: 'reset-test' });
    queues.push(queue);
    let runs = 0;
    queue.process('sweep', async () => {
      runs += 1;
    });
    await queue.repeat('sweep', { everyMs: 200 });
    await eventually(() => runs >= 2, { timeoutMs: 10_000, what: 'the schedule before the reset' });

    await redis.kill();
    await redis.restart();
    const before = runs;
    await eventually(() => runs >= before + 2, { timeoutMs: 20_000, what: 'the schedule after the reset' });
  });

  it('finds a schedule that vanished without a reconnect (e.g. flushed) and declares it again', async () => {
    const restored: string[] = [];
    const queue = createBullmqJobQueue({
      redisUrl: redis.url,
      prefix: 'flush-test',
      scheduleCheckMs: 200,
      onScheduleRestored: (name) => restored.push(name),
    });
    queues.push(queue);
    let runs = 0;
    queue.process('reminders', async () => {
      runs += 1;
    });
    await queue.repeat('reminders', { everyMs: 200 });
    await eventually(() => runs >= 1, { timeoutMs: 10_000, what: 'the schedule before the flush' });

    // Our own server: flushing it touches nobody else's data.
    const admin = new Redis(redis.url);
    try {
      await admin.flushall();
    } finally {
      await admin.quit();
    }
    const before = runs;
    await eventually(() => runs >= before + 2, { timeoutMs: 20_000, what: 'the schedule after the flush' });
    expect(restored).toContain('reminders');
  });
});
