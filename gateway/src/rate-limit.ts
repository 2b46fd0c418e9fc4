import { errorBody } from '@innerview/kit/errors';
import type { Logger } from '@innerview/kit/logger';
import {
  type IncrementResponse,
  type Options,
  type RateLimitRequestHandler,
  rateLimit,
  type Store,
} from 'express-rate-limit';
import type { Redis } from 'ioredis';

const windowMs = 60_000;

// One round trip: start the window on the first hit, count the rest, report the time left.
const incrementScript = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  redis.call('SET', KEYS[1], 1, 'PX', ARGV[1])
  return { 1, tonumber(ARGV[1]) }
end
return { redis.call('INCR', KEYS[1]), ttl }
`;

type RedisWithIncrement = Redis & {
  gatewayRateIncrement(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Counts in Redis so that every gateway instance shares one limit per client. ioredis sends the
 * script by hash and reloads it by itself after a Redis restart, so a Redis outage at start-up
 * does not leave the store broken once Redis is back.
 */
export class RedisRateLimitStore implements Store {
  readonly prefix: string;
  readonly localKeys = false;
  private readonly redis: RedisWithIncrement;
  private windowMs = windowMs;

  constructor(redis: Redis, prefix = 'innerview:gateway:rl:') {
    this.prefix = prefix;
    redis.defineCommand('gatewayRateIncrement', { numberOfKeys: 1, lua: incrementScript });
    this.redis = redis as RedisWithIncrement;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const [totalHits, ttl] = await this.redis.gatewayRateIncrement(this.prefix + key, this.windowMs);
    return { totalHits, resetTime: new Date(Date.now() + ttl) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * Per-IP limit on /api. Over the limit: 429 in the error shape with docs/product.md#http-errors's message and code, and
 * Retry-After. If Redis cannot answer, requests pass (logged): an outage of the limiter must not
 * become an outage of the product.
 */
export function createRateLimit(options: {
  perMinute: number;
  redis?: Redis;
  logger: Logger;
}): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit: options.perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: options.redis ? new RedisRateLimitStore(options.redis) : undefined,
    passOnStoreError: true,
    logger: {
      error: (err, message) =>
        options.logger.warn({ err: { message: describe(err) } }, message ?? 'rate limiter'),
      warn: (err, message) =>
        options.logger.warn({ err: { message: describe(err) } }, message ?? 'rate limiter'),
    },
    handler: (_req, res) => {
      res.status(429).json(errorBody(429, 'Rate limit exceeded', 'SUBSCRIPTION_LIMIT_REACHED'));
    },
  });
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));
