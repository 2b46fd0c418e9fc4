import { createLogger } from '@innerview/kit/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientKey } from './rate-limit.ts';
import { deadUrl, startTestGateway, type TestGateway } from './test-support/fake-upstreams.ts';

let gateway: TestGateway | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await gateway?.stop();
  gateway = undefined;
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('the per-client limit on /api', () => {
  it('says the policy and what is left on every answer, and opens again when the minute is over', async () => {
    gateway = await startTestGateway({ rateLimitPerMinute: 2 });
    // The limiter reads Date.now(): the minute is moved, not waited for.
    vi.useFakeTimers({ toFake: ['Date'] });
    const call = () => fetch(`${gateway!.url}/api/v1/users/me`, from('203.0.113.20'));
    const first = await call();
    expect(first.headers.get('ratelimit-policy')).toBe('2;w=60');
    expect(first.headers.get('ratelimit')).toBe('limit=2, remaining=1, reset=60');
    expect(first.headers.get('retry-after')).toBeNull();
    vi.setSystemTime(Date.now() + 45_000);
    expect((await call()).headers.get('ratelimit')).toBe('limit=2, remaining=0, reset=15');
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('15');
    expect(await limited.json()).toEqual({
      detail: 'Rate limit exceeded',
      code: 'SUBSCRIPTION_LIMIT_REACHED',
    });
    vi.setSystemTime(Date.now() + 15_000);
    expect((await call()).status).toBe(200);
    expect(gateway.upstreams.auth.seen).toHaveLength(3);
  });

  it('counts an IPv6 client by its /56, and an IPv4 address written as IPv6 as that address', async () => {
    gateway = await startTestGateway({ rateLimitPerMinute: 1 });
    const call = (ip: string) => fetch(`${gateway!.url}/api/v1/users/me`, from(ip));
    expect((await call('2001:db8:abcd:1200::1')).status).toBe(200);
    expect((await call('2001:db8:abcd:12ff:ffff::9')).status).toBe(429);
    expect((await call('2001:db8:abcd:1300::1')).status).toBe(200);
    expect((await call('192.0.2.44')).status).toBe(200);
    expect((await call('::ffff:192.0.2.44')).status).toBe(429);
  });

  it('lets requests through while Redis is away, without headers, logging once and counting each', async () => {
    const logger = createLogger({ name: 'gateway', level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    gateway = await startTestGateway({
      redisUrl: (await deadUrl()).replace('http', 'redis'),
      rateLimitPerMinute: 1,
      logger,
    });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${gateway.url}/api/v1/users/me`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
    }
    expect(
      warn.mock.calls.filter(([, message]) => message === 'redis unavailable; rate limits are not enforced'),
    ).toHaveLength(1);
    expect(await (await fetch(gateway.metricsUrl)).text()).toMatch(
      /dependency_unavailable_total\{service="gateway",dependency="redis",outcome="fail_open"\} [3-9]/,
    );
  });
});

describe('clientKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['::192.0.2.1', '192.0.2.1'],
    ['2001:db8:abcd:12ab:1:2:3:4', '2001:db8:abcd:1200::/56'],
    ['2001:DB8::1', '2001:db8::/56'],
    ['fe80::1%eth0', 'fe80::/56'],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
