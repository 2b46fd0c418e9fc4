import { isIPv6 } from 'node:net';
import { errorBody } from '@innerview/kit/errors';
import type { Logger } from '@innerview/kit/logger';
import { createRateLimiter, failOpenReporter } from '@innerview/kit/rate-limiter';
import type { NextFunction, Request, Response } from 'express';

const windowMs = 60_000;

export interface RateLimitMiddleware {
  (req: Request, res: Response, next: NextFunction): Promise<void>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/**
 * Per-client limit on /api (the kit's limiter; Redis shares one count between gateway instances).
 * Every counted answer carries `RateLimit-Policy` and `RateLimit` (IETF draft 7); over the limit:
 * 429 in the error shape with docs/product.md#http-errors's message and code, and `Retry-After`.
 * If Redis cannot answer, requests pass (counted and logged): an outage of the limiter must not
 * become an outage of the product.
 */
export function createRateLimit(options: {
  perMinute: number;
  redisUrl?: string;
  logger: Logger;
}): RateLimitMiddleware {
  const limiter = createRateLimiter({
    prefix: 'innerview:gateway:rl',
    redisUrl: options.redisUrl,
    onUnavailable: failOpenReporter({
      service: 'gateway',
      log: options.logger,
      message: 'redis unavailable; rate limits are not enforced',
    }),
  });
  const limit = options.perMinute;
  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    let decision: Awaited<ReturnType<typeof limiter.hit>>;
    try {
      decision = await limiter.hit(
        clientKey(req.ip ?? req.socket.remoteAddress ?? 'unknown'),
        limit,
        windowMs,
      );
    } catch (error) {
      next(error);
      return;
    }
    // A hit let through uncounted (Redis away) gets no headers: there is nothing true to say.
    if (decision.retryAfterMs > 0 && !res.headersSent) {
      const resetSeconds = Math.max(0, Math.ceil(decision.retryAfterMs / 1000));
      res.setHeader('RateLimit-Policy', `${limit};w=${windowMs / 1000}`);
      res.setHeader('RateLimit', `limit=${limit}, remaining=${decision.remaining}, reset=${resetSeconds}`);
      if (!decision.allowed) {
        res.setHeader('Retry-After', String(resetSeconds));
        res.status(429).json(errorBody(429, 'Rate limit exceeded', 'SUBSCRIPTION_LIMIT_REACHED'));
        return;
      }
    }
    next();
  };
  return Object.assign(middleware, { close: () => limiter.close() });
}

/**
 * Whom a request is counted against: the address, except that IPv6 clients are counted by /56 (one
 * household or customer line holds a whole /56 or more, and would otherwise get 2^72 limits), and an
 * IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as that IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted && /^(::|::ffff:|(0:){5}ffff:|(0:){6})$/i.test(dotted[1]!)) return dotted[2]!;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  const network = groups.map((g, i) => (i < 3 ? g : i === 3 ? g & 0xff00 : 0));
  return `${compressIPv6(network)}/56`;
}

/** The eight 16-bit groups of an IPv6 address (the URL parser writes a dotted tail as two groups). */
function expandIPv6(address: string): number[] {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function compressIPv6(groups: number[]): string {
  return new URL(`http://[${groups.map((g) => g.toString(16)).join(':')}]`).hostname.slice(1, -1);
}
