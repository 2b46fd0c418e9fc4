import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter.ts';

/** What every rate-limiter adapter does; windows are real time (short ones) so Redis can join. */
export function rateLimiterContract(name: string, make: () => RateLimiter): void {
  describe(`rate limiter contract: ${name}`, () => {
    it('allows `limit` hits per window and then refuses, saying how long to wait', async () => {
      const limiter = make();
      const key = randomUUID();
      try {
        const results = [];
        for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(key, 3, 60_000));
        expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
        expect(results[3]!.retryAfterMs).toBeGreaterThan(55_000);
        expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
        expect((await limiter.hit(randomUUID(), 3, 60_000)).allowed).toBe(true);
      } finally {
        await limiter.close();
      }
    });

    it('starts a new window when the old one ends', async () => {
      const limiter = make();
      const key = randomUUID();
      try {
        expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
        expect((await limiter.hit(key, 1, 300)).allowed).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
      } finally {
        await limiter.close();
      }
    });
  });
}
