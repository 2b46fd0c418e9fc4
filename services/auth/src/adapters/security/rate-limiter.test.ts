import { ManualClock } from '@innerview/kit/clock';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limiter.ts';
import { rateLimiterContract } from './rate-limiter-contract.ts';

rateLimiterContract('memory', () => new MemoryRateLimiter());

describe('memory rate limiter', () => {
  it('follows the injected clock', async () => {
    const clock = new ManualClock();
    const limiter = new MemoryRateLimiter({ clock });
    await limiter.hit('k', 1, 60_000);
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(false);
    clock.advance(60_000);
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
  });
});
