import { HttpError } from '@innerview/kit';
import type { Request, Response } from 'express';
import { emailDigest } from '../adapters/security/one-time-tokens.ts';
import type { AuthContext } from '../auth-context.ts';
import { type RateLimitName, rateLimits, scaledLimit } from '../domain/rate-limits.ts';

/** The caller's address as the service sees it (behind the gateway: the client's). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Counts this request against a per-IP and/or a per-account limit and answers 429 (docs/product.md#http-errors error
 * shape, `Retry-After`) when either is spent. Accounts are keyed by a hash of the address.
 */
export async function enforceRateLimits(
  auth: AuthContext,
  req: Request,
  res: Response,
  limits: { perIp?: RateLimitName; perAccount?: RateLimitName; email: string },
): Promise<void> {
  const multiplier = auth.service.config.AUTH_RATE_LIMIT_MULTIPLIER;
  const checks: Array<[RateLimitName, string]> = [];
  if (limits.perIp) checks.push([limits.perIp, clientAddress(req)]);
  if (limits.perAccount) checks.push([limits.perAccount, emailDigest(limits.email)]);
  let blocked = false;
  let retryAfterMs = 0;
  for (const [name, subject] of checks) {
    const limit = scaledLimit(rateLimits[name], multiplier);
    if (!limit) continue;
    const result = await auth.limiter.hit(`${name}:${subject}`, limit.limit, limit.windowMs);
    if (result.allowed) continue;
    blocked = true;
    retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs);
  }
  if (blocked) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    res.setHeader('Retry-After', String(seconds));
    throw new HttpError(429, undefined, undefined, { retry_after_seconds: seconds });
  }
}
