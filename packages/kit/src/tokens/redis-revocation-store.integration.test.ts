import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../testing/postgres.ts';
import { RedisRevocationStore } from './redis-revocation-store.ts';
import { epochSeconds } from './revocation-store.ts';
import { revocationStoreContract } from './revocation-store-contract.ts';

const url = redisUrl();
revocationStoreContract(
  'redis',
  (namespace) => new RedisRevocationStore({ url, prefix: `test:${namespace}:` }),
);

describe('redis revocation store', () => {
  const probe = new Redis(url);
  afterAll(async () => {
    await probe.quit();
  });

  it('keeps one key per revoked session that expires with the session', async () => {
    const prefix = `test:${randomUUID()}:`;
    const store = new RedisRevocationStore({ url, prefix });
    try {
      await store.revokeSession('abc', epochSeconds(new Date()) + 600);
      const ttl = await probe.ttl(`${prefix}abc`);
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
    } finally {
      await store.close();
    }
  });

  it('rejects a check when Redis cannot be reached, rather than saying "not revoked"', async () => {
    const store = new RedisRevocationStore({ url: 'redis://127.0.0.1:1', prefix: 'test:' });
    try {
      await expect(store.isRevoked('abc')).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
