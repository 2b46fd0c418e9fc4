import { type Clock, systemClock } from '@innerview/kit/clock';
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

  constructor(options: { url: string; prefix?: string }) {
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
    // Faults surface as rejected hits and in readiness.
    this.redis.on('error', () => {});
    this.prefix = options.prefix ?? 'innerview:auth:rate:';
  }

  async hit(key: string, limit: number, windowMs: number) {
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

export function createRateLimiter(options: { redisUrl?: string; clock?: Clock }): RateLimiter {
  return options.redisUrl ? new RedisRateLimiter({ url: options.redisUrl }) : new MemoryRateLimiter(options);
}
