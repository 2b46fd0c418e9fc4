import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Logger } from './logger.ts';
import { dependencyUnavailableTotal } from './metrics.ts';

/**
 * Fixed-window counters (rate-limiter-flexible): memory in an embedded run, Redis (shared by every
 * replica) when a Redis URL is given. Windows start at a key's first hit and are read on
 * `Date.now()`: the memory store takes no injected clock, so tests move `Date` with the service clock
 * (`testing/moved-date.ts`), see docs/adr/0064-one-rate-limiter-in-the-kit.md.
 */
export interface RateLimiter {
  /** Counts one hit against `key`; `allowed` is false once `limit` hits fell in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits left in this window. */
  remaining: number;
  /** Until the window ends (0 when a hit was let through uncounted). */
  retryAfterMs: number;
}

export interface RateLimiterOptions {
  /** Namespaces the keys (`<prefix>:<key>` in Redis), e.g. `innerview:auth:rate`. */
  prefix: string;
  /** Redis when set; memory otherwise. */
  redisUrl?: string;
  /**
   * With it, a hit Redis cannot count is let through (fail open) and reported here; without it the
   * hit rejects. See `failOpenReporter`.
   */
  onUnavailable?: (error: Error) => void;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  // A command fails within a second while Redis is away, rather than holding the request.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1_000, connectTimeout: 2_000 })
    : undefined;
  // Faults surface as rejected (or let-through) hits and in readiness.
  redis?.on('error', () => {});
  // rate-limiter-flexible fixes points and duration per instance: one per (limit, window).
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: number, windowMs: number): RateLimiterAbstract => {
    const id = `${limit}/${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const settings = { keyPrefix: options.prefix, points: limit, duration: windowMs / 1000 };
      limiter = redis
        ? new RateLimiterRedis({ ...settings, storeClient: redis })
        : new RateLimiterMemory(settings);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const count = async (key: string, limit: number, windowMs: number): Promise<RateLimitDecision> => {
    try {
      const res = await limiterFor(limit, windowMs).consume(key);
      return { allowed: true, remaining: res.remainingPoints, retryAfterMs: Math.max(0, res.msBeforeNext) };
    } catch (rejection) {
      // The library rejects with its result when the limit is spent, and with the error otherwise.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, remaining: 0, retryAfterMs: Math.max(0, rejection.msBeforeNext) };
    }
  };
  return {
    async hit(key, limit, windowMs) {
      if (!redis || !options.onUnavailable) return count(key, limit, windowMs);
      try {
        return await count(key, limit, windowMs);
      } catch (error) {
        options.onUnavailable(error as Error);
        return { allowed: true, remaining: limit, retryAfterMs: 0 };
      }
    },
    async ping() {
      await redis?.ping();
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The fail-open report every service gives (ADR 38): each let-through hit counts in
 * `dependency_unavailable_total{service,dependency="redis",outcome="fail_open"}` and `message` is
 * logged as a warning at most every 10 s.
 */
export function failOpenReporter(options: {
  service: string;
  log?: Pick<Logger, 'warn'>;
  message: string;
}): (error: Error) => void {
  let lastWarning = 0;
  return (error) => {
    dependencyUnavailableTotal.inc({ service: options.service, dependency: 'redis', outcome: 'fail_open' });
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    options.log?.warn({ reason: error.message }, options.message);
  };
}
