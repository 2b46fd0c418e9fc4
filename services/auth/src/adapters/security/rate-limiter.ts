import type { Logger } from '@innerview/kit/logger';
import { createRateLimiter, failOpenReporter, type RateLimiter } from '@innerview/kit/rate-limiter';

/**
 * Auth's counters for login, recovery, resend, sign-up and export (the kit's limiter): memory in an
 * embedded run, Redis shared by every replica when `REDIS_URL` is set. While Redis cannot count, the
 * limits fail open (reported), because the per-account lockout lives in the database (ADR 38).
 */
export function createAuthRateLimiter(options: {
  redisUrl?: string;
  log?: Pick<Logger, 'warn'>;
  /** Keys are `<prefix>:<limit name>:<subject>`; tests pass their own. */
  prefix?: string;
}): RateLimiter {
  return createRateLimiter({
    prefix: options.prefix ?? 'innerview:auth:rate',
    redisUrl: options.redisUrl,
    onUnavailable: failOpenReporter({
      service: 'auth',
      log: options.log,
      message: 'redis unavailable: auth rate limits are not counted (account lockout still applies)',
    }),
  });
}
