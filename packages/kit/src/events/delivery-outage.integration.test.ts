import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db.ts';
import { eventually } from '../testing/eventually.ts';
import { createTestDatabase, redisUrl } from '../testing/postgres.ts';
import { listDeadLetters } from './dead-letters.ts';
import { on, subscribeHandlers } from './inbox.ts';
import { migrateKitTables } from './migrations.ts';
import { RedisEventBus } from './redis-bus.ts';
import { pings, tcpProxy } from './test-support.ts';

// The real fault under a consumer on Redis Streams: its PostgreSQL connections are cut (sockets
// destroyed, new ones refused) for 20 s while events keep coming. Nothing may be dead-lettered,
// and every event must be applied exactly once after the database is back.

const outageMs = 20_000;
const prefix = `test:outage:${randomBytes(4).toString('hex')}`;
let dropDatabase: (() => Promise<void>) | undefined;
let direct: Database;
let databaseUrl: string;

beforeAll(async () => {
  const created = await createTestDatabase('iv_outage');
  dropDatabase = created.drop;
  databaseUrl = created.url;
  direct = await openDatabase({ url: created.url, dataDir: '' });
  await migrateKitTables(direct);
  await direct.db.execute(sql`create table outage_effects (event_id uuid not null, subject text not null)`);
});

afterAll(async () => {
  await direct?.close();
  await dropDatabase?.();
  const redis = new Redis(redisUrl());
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
});

it('a consumer whose database is cut for 20 s dead-letters nothing and applies every event once after', async () => {
  const proxy = await tcpProxy(databaseUrl);
  const consumerDb = await openDatabase({ url: proxy.url, dataDir: '', poolSize: 4 });
  const busOptions = { redisUrl: redisUrl(), prefix, partitions: 4, leaseMs: 2000, blockMs: 200 };
  const consumerBus = new RedisEventBus(busOptions);
  const producer = new RedisEventBus(busOptions);
  // Each readiness question the consumer asks: the outage is paced by them, not by the clock.
  let readinessAsked = 0;
  const subscription = await subscribeHandlers({
    bus: consumerBus,
    db: consumerDb.db,
    group: 'billing',
    ready: () => {
      readinessAsked++;
      return consumerDb.ping();
    },
    readinessPollMs: 250,
    readinessTimeoutMs: 1000,
    handlers: [
      on('platform.ping', async (event, tx) => {
        await tx.execute(
          sql`insert into outage_effects (event_id, subject) values (${event.id}, ${event.subject})`,
        );
      }),
    ],
  });
  const subjects = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
  const published: EventEnvelope[] = [];
  const publish = async (count: number) => {
    const events = pings(count, subjects);
    await producer.publish(events);
    published.push(...events);
  };
  const applied = async () => {
    const result = (await direct.db.execute(
      sql`select count(*)::int as n from outage_effects`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  let sawPause = false;
  try {
    await publish(12);
    await eventually(async () => (await applied()) === 12, {
      timeoutMs: 10_000,
      what: 'the events before the cut',
    });

    await proxy.cut();
    const cutAt = Date.now();
    // A steady trickle during the outage: the bus is up, the consumer's database is not. Events
    // keep coming for outageMs, each batch after the consumer has asked twice more whether its
    // database is back (and been told no), so the outage spans many polls and retries.
    while (Date.now() - cutAt < outageMs) {
      const asked = readinessAsked;
      await publish(3);
      await eventually(() => readinessAsked >= asked + 2, {
        timeoutMs: 10_000,
        what: 'two more readiness questions',
      });
      sawPause ||= subscription.metrics.paused;
    }
    expect(await applied()).toBe(12);
    await proxy.restore();
    const restoredAt = Date.now();
    await eventually(async () => (await applied()) === published.length, {
      timeoutMs: 30_000,
      what: 'every event after the outage',
    });
    console.log(`outage test: ${published.length} events, recovered in ${Date.now() - restoredAt} ms`);

    // Exactly once, and in order per subject.
    const rows = (await direct.db.execute(
      sql`select event_id, count(*)::int as n from outage_effects group by event_id having count(*) <> 1`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([]);
    expect(await applied()).toBe(published.length);
    expect(await listDeadLetters(direct.db, {})).toEqual([]);
    expect(await producer.deadLetters()).toEqual([]);
    expect(subscription.metrics.deadLettered).toBe(0);
    expect(subscription.metrics.processed).toBe(published.length);
    expect(sawPause).toBe(true);
    const inbox = (await direct.db.execute(
      sql`select count(*)::int as n from kit_inbox where consumer_group = 'billing'`,
    )) as unknown as { rows: { n: number }[] };
    expect(inbox.rows[0]!.n).toBe(published.length);
  } finally {
    await subscription.stop();
    await consumerBus.close();
    await producer.close();
    await consumerDb.close();
    await proxy.close();
  }
}, 120_000);
