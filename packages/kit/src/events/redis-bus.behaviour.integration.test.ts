import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import { createTestDatabase, redisUrl } from '../testing/postgres.ts';
import { migrateKitTables } from './migrations.ts';
import { OutboxRelay, writeEvents } from './outbox.ts';
import { type RedisBusOptions, RedisEventBus } from './redis-bus.ts';
import { pings, tcpProxy } from './test-support.ts';

const url = redisUrl();
const runPrefix = `test:events-b:${randomBytes(4).toString('hex')}`;
let tests = 0;
const fast = {
  partitions: 2,
  leaseMs: 600,
  claimIdleMs: 300,
  blockMs: 100,
} satisfies Partial<RedisBusOptions>;

describe('redis bus, beyond the contract', () => {
  const redis = new Redis(url);
  const cleanups: Array<() => Promise<void>> = [];
  let database: Database;
  let dropDatabase: () => Promise<void>;

  function bus(prefix: string, options: Partial<RedisBusOptions> = {}, viaUrl = url): RedisEventBus {
    const b = new RedisEventBus({ redisUrl: viaUrl, prefix, ...fast, ...options });
    cleanups.push(() => b.close());
    return b;
  }

  beforeAll(async () => {
    const created = await createTestDatabase('iv_events_b');
    dropDatabase = created.drop;
    database = await openDatabase({ url: created.url, dataDir: '' });
    await migrateKitTables(database);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  });

  it('keeps each stream bounded near maxLen', async () => {
    const prefix = `${runPrefix}:${++tests}`;
    const b = bus(prefix, { maxLen: 100 });
    for (let i = 0; i < 10; i++) await b.publish(pings(100, ['one-subject']));
    const key = b.streamKey('platform.ping', b.partitionOf('one-subject'));
    const length = await redis.xlen(key);
    expect(length).toBeGreaterThanOrEqual(100);
    expect(length).toBeLessThan(400);
  });

  it('writes dead letters to <prefix>:dlq with the group, error and tries', async () => {
    const prefix = `${runPrefix}:${++tests}`;
    const b = bus(prefix);
    const [poison] = pings(1, ['d1']) as [EventEnvelope];
    await b.subscribe({
      group: 'mailer',
      types: ['platform.ping'],
      maxAttempts: 2,
      retryDelayMs: 5,
      handler: async () => {
        throw new Error('template missing');
      },
    });
    await b.publish([poison]);
    await eventually(async () => (await redis.xlen(`${prefix}:dlq`)) === 1, {
      timeoutMs: 5000,
      what: 'the dead letter',
    });
    const [[, fields]] = (await redis.xrange(`${prefix}:dlq`, '-', '+')) as [[string, string[]]];
    const entry = Object.fromEntries(
      fields.map((v, i, all) => (i % 2 ? [] : [v, all[i + 1]])).filter((p) => p.length),
    );
    expect(entry).toMatchObject({ group: 'mailer', attempts: '2', error: 'Error: template missing' });
    expect(JSON.parse(entry.event as string)).toEqual(poison);
  });

  it('gives a consumer whose connection died its partitions and pending event to another', async () => {
    const prefix = `${runPrefix}:${++tests}`;
    const proxy = await tcpProxy(url);
    cleanups.push(() => proxy.close());
    const doomed = bus(prefix, {}, proxy.url);
    const survivor = bus(prefix);
    const [stuck, next] = pings(2, ['k1', 'k2']) as [EventEnvelope, EventEnvelope];
    const doomedGot: string[] = [];
    await doomed.subscribe({
      group: 'projector',
      types: ['platform.ping'],
      consumerName: 'doomed',
      stopTimeoutMs: 10,
      handler: (e) => {
        doomedGot.push(e.id);
        return new Promise<void>(() => {});
      },
    });
    await survivor.publish([stuck]);
    await eventually(() => doomedGot.includes(stuck.id), {
      timeoutMs: 5000,
      what: 'the doomed consumer took it',
    });
    const survivorGot: string[] = [];
    await survivor.subscribe({
      group: 'projector',
      types: ['platform.ping'],
      consumerName: 'survivor',
      handler: async (e) => void survivorGot.push(e.id),
    });
    // The process is gone from Redis' point of view: no more renewals, no ack, no goodbye.
    await proxy.cut();
    await survivor.publish([next]);
    await eventually(() => survivorGot.includes(stuck.id) && survivorGot.includes(next.id), {
      timeoutMs: 5000,
      what: 'the survivor took both',
    });
    const pending = (await redis.xpending(
      survivor.streamKey('platform.ping', survivor.partitionOf('k1')),
      'projector',
    )) as [number];
    expect(pending[0]).toBe(0);
  });

  it('only delays outbox events while Redis is unreachable', async () => {
    const prefix = `${runPrefix}:${++tests}`;
    const proxy = await tcpProxy(url);
    cleanups.push(() => proxy.close());
    const publisher = bus(prefix, {}, proxy.url);
    const reader = bus(prefix);
    const got: string[] = [];
    await reader.subscribe({
      group: 'g',
      types: ['platform.ping'],
      handler: async (e) => void got.push(e.id),
    });
    await publisher.ping();
    await proxy.cut();
    await expect(publisher.ping()).rejects.toThrow();
    const events = pings(3, ['r1']);
    await database.db.transaction((tx) => writeEvents(tx, events));
    const relay = new OutboxRelay({
      db: database.db,
      bus: publisher,
      pollIntervalMs: 20,
      retryDelayMs: 20,
      maxRetryDelayMs: 100,
      publishTimeoutMs: 500,
    });
    cleanups.push(() => relay.stop());
    relay.start();
    await eventually(() => relay.metrics.publishFailures >= 1, { timeoutMs: 5000, what: 'a failed publish' });
    expect(got).toEqual([]);
    await proxy.restore();
    // At least once: a publish whose reply was lost may arrive twice; each event arrives, in order.
    await eventually(() => new Set(got).size === 3, {
      timeoutMs: 10_000,
      what: 'the events once Redis is back',
    });
    expect([...new Set(got)]).toEqual(events.map((e) => e.id));
    expect(await relay.pending()).toBe(0);
  });
});
