import { type Clock, systemClock } from '@innerview/kit/clock';
import type { Logger } from '@innerview/kit/logger';
import { dependencyUnavailableTotal } from '@innerview/kit/metrics';
import { Redis } from 'ioredis';

/**
 * Fixed-window counters for the per-IP and per-account limits on login, recovery and resend.
 * Memory in an embedded run; Redis (shared by every auth replica) when `REDIS_URL` is set.
 */
export interface RateLimiter {
  /** Counts one attempt against `key`; `allowed` is false once `limit` attempts fell in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly clock: Clock;
  private hits = 0;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? systemClock;
  }

  async hit(key: string, limit: number, windowMs: number) {
    const now = this.clock.now().getTime();
    if (++this.hits % 1000 === 0) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, retryAfterMs: Math.max(0, window.resetAt - now) };
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onUnavailable: ((error: Error) => void) | undefined;

  /**
   * With `onUnavailable`, a hit that Redis cannot count is let through (fail open) and reported
   * there; without it, the hit rejects. Failing open is safe enough for login because the
   * per-account lockout lives in the database, not here (ADR 38).
   */
  constructor(options: { url: string; prefix?: string; onUnavailable?: (error: Error) => void }) {
    // A command fails within a second while Redis is away, rather than holding the request.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    // Faults surface as rejected (or let-through) hits and in readiness.
    this.redis.on('error', () => {});
    this.prefix = options.prefix ?? 'innerview:auth:rate:';
    this.onUnavailable = options.onUnavailable;
  }

  async hit(key: string, limit: number, windowMs: number) {
    if (!this.onUnavailable) return this.count(key, limit, windowMs);
    try {
      return await this.count(key, limit, windowMs);
    } catch (error) {
      this.onUnavailable(error as Error);
      return { allowed: true, retryAfterMs: 0 };
    }
  }

  private async count(key: string, limit: number, windowMs: number) {
    const full = `${this.prefix}${key}`;
    // NX starts the window once; INCR counts; PTTL says when it ends. One round trip.
    const results = await this.redis
      .multi()
      .set(full, '0', 'PX', windowMs, 'NX')
      .incr(full)
      .pttl(full)
      .exec();
    const count = Number(results?.[1]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, retryAfterMs: Math.max(0, ttl) };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Redis when `redisUrl` is set, failing open while Redis is unreachable: each let-through hit is
 * counted (`dependency_unavailable_total`) and a warning logged at most every 10 s.
 */
export function createRateLimiter(options: {
  redisUrl?: string;
  clock?: Clock;
  log?: Pick<Logger, 'warn'>;
}): RateLimiter {
  if (!options.redisUrl) return new MemoryRateLimiter(options);
  let lastWarning = 0;
  return new RedisRateLimiter({
    url: options.redisUrl,
    onUnavailable: (error) => {
      dependencyUnavailableTotal.inc({ service: 'auth', dependency: 'redis', outcome: 'fail_open' });
      if (Date.now() - lastWarning < 10_000) return;
      lastWarning = Date.now();
      options.log?.warn(
        { reason: error.message },
        'redis unavailable: auth rate limits are not counted (account lockout still applies)',
      );
    },
  });
}
