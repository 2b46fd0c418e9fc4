import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support/fake-upstreams.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let first: TestGateway;
let second: TestGateway;

beforeAll(async () => {
  // Fails (never skips) without Redis: this is the test of the shared limiter.
  const probe = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw new Error(`Redis is required at ${redisUrl} (REDIS_URL): ${(err as Error).message}`);
  } finally {
    probe.disconnect();
  }
  first = await startTestGateway({ redisUrl, rateLimitPerMinute: 4 });
  second = await startTestGateway({ redisUrl, rateLimitPerMinute: 4 });
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
});

describe('the Redis-backed rate limit', () => {
  it('shares one count per client across gateway instances', async () => {
    // A fresh documentation-range address per run, so a rerun within the minute starts at zero.
    const client = { 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}, 203.0.113.${randomInt(1, 255)}` };
    const statuses: number[] = [];
    for (const gateway of [first, second, first, second, first, second]) {
      const res = await fetch(`${gateway.url}/api/v1/users/me`, { headers: client });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toEqual({
          detail: 'Rate limit exceeded',
          code: 'SUBSCRIPTION_LIMIT_REACHED',
        });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(first.upstreams.auth.seen.length + second.upstreams.auth.seen.length).toBe(4);
  });

  it('counts another client separately', async () => {
    const client = { 'x-forwarded-for': `192.0.2.${randomInt(1, 255)}` };
    expect((await fetch(`${first.url}/api/v1/answers/`, { headers: client })).status).toBe(200);
    expect((await fetch(`${second.url}/api/v1/answers/`, { headers: client })).status).toBe(200);
  });
});
