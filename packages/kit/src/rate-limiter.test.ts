import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';
import { rateLimiterContract } from './rate-limiter-contract.ts';

// The memory store reads Date.now(): the clock is moved, never waited for.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

rateLimiterContract('memory', () => {
  const limiter = createRateLimiter({ prefix: 'test' });
  return {
    limiter,
    passWindow: async (_key, windowMs) => {
      advance(windowMs);
    },
    close: () => limiter.close(),
  };
});

describe('memory rate limiter', () => {
  it('counts a window from its first hit, on the moved clock', async () => {
    const limiter = createRateLimiter({ prefix: 'test' });
    expect((await limiter.hit('k', 2, 60_000)).allowed).toBe(true);
    advance(59_000);
    expect(await limiter.hit('k', 2, 60_000)).toMatchObject({ allowed: true, retryAfterMs: 1_000 });
    expect((await limiter.hit('k', 2, 60_000)).allowed).toBe(false);
    advance(1_000);
    expect((await limiter.hit('k', 2, 60_000)).allowed).toBe(true);
  });

  it('answers ready without a Redis to ask', async () => {
    await expect(createRateLimiter({ prefix: 'test' }).ping()).resolves.toBeUndefined();
  });
});
