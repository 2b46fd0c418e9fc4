import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { openDatabase } from '../db.ts';
import { createTestDatabase, redisUrl } from '../testing/postgres.ts';
import { eventBusContract } from './contract.ts';
import { RedisEventBus } from './redis-bus.ts';

const url = redisUrl();
const runPrefix = `test:events:${randomBytes(4).toString('hex')}`;
const drops: Array<() => Promise<void>> = [];

// Short leases and reads so take-overs and rebalances happen within a test's second.
eventBusContract(
  'redis streams',
  (namespace) =>
    new RedisEventBus({
      redisUrl: url,
      prefix: `${runPrefix}:${namespace}`,
      partitions: 4,
      leaseMs: 600,
      claimIdleMs: 300,
      blockMs: 100,
    }),
  async () => {
    const database = await createTestDatabase('iv_events');
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  },
  { deliveryTimeoutMs: 5000, settleMs: 700 },
);

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
