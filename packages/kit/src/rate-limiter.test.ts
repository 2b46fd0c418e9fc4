import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';
import { rateLimiterContract } from './rate-limiter-contract.ts';
import { moveDateWith } from './testing/moved-date.ts';

// The memory store reads Date.now(): the clock is moved, never waited for.
const advance = moveDateWith();

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
