import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';
import { dependencyUnavailableTotal } from './metrics.ts';
import { createRateLimiter, failOpenReporter } from './rate-limiter.ts';
import { rateLimiterContract } from './rate-limiter-contract.ts';
import { redisUrl } from './testing/postgres.ts';
import { type OwnRedis, startOwnRedis } from './testing/redis-server.ts';

const url = redisUrl();

rateLimiterContract('redis', () => {
  const prefix = `test:${randomUUID()}`;
  const limiter = createRateLimiter({ prefix, redisUrl: url });
  const admin = new Redis(url);
  return {
    limiter,
    // Redis ends the window itself (its own clock): wait until the key has expired.
    passWindow: (key, windowMs) =>
      vi.waitFor(
        async () => {
          expect(await admin.exists(`${prefix}:${key}`)).toBe(0);
        },
        { timeout: windowMs + 2_000, interval: 50 },
      ),
    close: async () => {
      await limiter.close();
      await admin.quit();
    },
  };
});

describe('rate limiter while its Redis is away (a private redis-server, killed and restarted)', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  const failOpenCount = async () => {
    const metric = await dependencyUnavailableTotal.get();
    return metric.values.find((v) => v.labels.service === 'contract-test')?.value ?? 0;
  };

  it('lets hits through with a report (fail open), quickly, and counts again once Redis is back', async () => {
    const log = createLogger({ name: 'contract-test', level: 'silent' });
    const warn = vi.spyOn(log, 'warn');
    const report = failOpenReporter({
      service: 'contract-test',
      log,
      message: 'redis unavailable: limits are not counted',
    });
    const limiter = createRateLimiter({
      prefix: 'outage',
      redisUrl: redis.url,
      onUnavailable: report,
    });
    const strict = createRateLimiter({ prefix: 'outage', redisUrl: redis.url });
    try {
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(false);
      const before = await failOpenCount();

      await redis.kill();
      const started = Date.now();
      for (let i = 0; i < 3; i += 1)
        expect(await limiter.hit('k', 1, 60_000)).toMatchObject({ allowed: true });
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await failOpenCount()).toBe(before + 3);
      // One warning for the burst, not one per hit.
      expect(warn.mock.calls.map(([, message]) => message)).toEqual([
        'redis unavailable: limits are not counted',
      ]);
      await expect(limiter.ping()).rejects.toThrow();
      // Without a report to give, the caller hears of the fault instead of a silent pass.
      await expect(strict.hit('k', 1, 60_000)).rejects.toThrow();

      await redis.restart();
      // Back, and empty: counting starts over.
      await vi.waitFor(() => limiter.ping(), { timeout: 10_000, interval: 100 });
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(false);
    } finally {
      await limiter.close();
      await strict.close();
    }
  });
});
