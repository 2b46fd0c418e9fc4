import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { openDatabase } from '../db.ts';
import { createTestDatabase, redisUrl } from '../testing/postgres.ts';
import { eventBusContract } from './contract.ts';
import { RedisEventBus } from './redis-bus.ts';

const url = redisUrl();
const PARTITIONS = 4;
const runPrefix = `test:events:${randomBytes(4).toString('hex')}`;
const drops: Array<() => Promise<void>> = [];

// Short leases and reads so take-overs and rebalances happen within a test's second.
eventBusContract(
  'redis streams',
  (namespace) =>
    new RedisEventBus({
      redisUrl: url,
      prefix: `${runPrefix}:${namespace}`,
      partitions: PARTITIONS,
      leaseMs: 600,
      claimIdleMs: 300,
      blockMs: 100,
    }),
  async () => {
    const database = await createTestDatabase('iv_events');
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  },
  { deliveryTimeoutMs: 5000, settled: (namespace) => partitionsShared(`${runPrefix}:${namespace}`) },
);

/**
 * Waits until every group under `prefix` has each partition leased to a live member and no member
 * holds more than its share (a surplus is given back as members join): the group is balanced, so
 * its consumers share what is published next.
 */
async function partitionsShared(prefix: string, timeoutMs = 10_000): Promise<void> {
  const redis = new Redis(url);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const groups = (await redis.keys(`${prefix}:group:*:members`)).map((key) =>
        key.slice(0, -':members'.length),
      );
      const shared = await Promise.all(
        groups.map(async (group) => {
          const live = await redis.zrangebyscore(`${group}:members`, Date.now(), '+inf');
          const holders = await redis.mget(
            Array.from({ length: PARTITIONS }, (_, p) => `${group}:lease:${p}`),
          );
          // The consumers' own rule: no one keeps more than its share of the live members.
          const share = Math.ceil(PARTITIONS / Math.max(1, live.length));
          return (
            holders.every((holder) => holder !== null && live.includes(holder)) &&
            live.every((member) => holders.filter((holder) => holder === member).length <= share)
          );
        }),
      );
      if (shared.every(Boolean)) return;
      if (Date.now() > deadline) throw new Error(`partitions not shared within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await redis.quit();
  }
}

afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
});
