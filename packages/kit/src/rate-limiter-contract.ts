import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter.ts';

export interface LimiterUnderTest {
  limiter: RateLimiter;
  /** Lets the window of `key` end: the memory store's clock is moved, Redis's key is awaited gone. */
  passWindow(key: string, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** What the limiter does on every store; the same cases run on memory and on a real Redis. */
export function rateLimiterContract(name: string, make: () => LimiterUnderTest): void {
  describe(`rate limiter contract: ${name}`, () => {
    it('allows `limit` hits per window and then refuses, saying how long to wait', async () => {
      const { limiter, close } = make();
      const key = randomUUID();
      try {
        const results = [];
        for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(key, 3, 60_000));
        expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
        expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
        expect(results[3]!.retryAfterMs).toBeGreaterThan(55_000);
        expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
        expect((await limiter.hit(randomUUID(), 3, 60_000)).allowed).toBe(true);
      } finally {
        await close();
      }
    });

    it('starts a new window when the old one ends', async () => {
      const { limiter, passWindow, close } = make();
      const key = randomUUID();
      try {
        expect((await limiter.hit(key, 1, 1_000)).allowed).toBe(true);
        expect((await limiter.hit(key, 1, 1_000)).allowed).toBe(false);
        await passWindow(key, 1_000);
        expect(await limiter.hit(key, 1, 1_000)).toMatchObject({ allowed: true, remaining: 0 });
      } finally {
        await close();
      }
    });

    it('keeps limits of different sizes on one key apart', async () => {
      const { limiter, close } = make();
      const subject = randomUUID();
      try {
        // Callers name the limit in the key (auth: `loginPerIp:<address>`), as here.
        expect((await limiter.hit(`small:${subject}`, 1, 60_000)).allowed).toBe(true);
        expect((await limiter.hit(`small:${subject}`, 1, 60_000)).allowed).toBe(false);
        expect((await limiter.hit(`large:${subject}`, 5, 15 * 60_000)).remaining).toBe(4);
      } finally {
        await close();
      }
    });
  });
}
