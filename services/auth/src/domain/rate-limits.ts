import { HOUR_MS, MINUTE_MS } from './lifetimes.ts';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Limits on top of the lockout (docs/adr/0005-auth-rate-limits-and-enumeration.md). Per IP they
 * stop one client from spraying many accounts; per account they stop many clients (a botnet)
 * from hammering one address, and a mailbox from being flooded with recovery or verification mail.
 */
export const rateLimits = {
  loginPerIp: { limit: 30, windowMs: MINUTE_MS },
  /**
   * Wrong passwords for one address from all clients together. Counted after the password check and
   * only for wrong ones, so it slows a botnet's guesses but never refuses the right password
   * (docs/adr/0045-security-lockout-per-client-address.md).
   */
  loginFailuresPerAccount: { limit: 20, windowMs: 15 * MINUTE_MS },
  recoveryPerIp: { limit: 10, windowMs: 15 * MINUTE_MS },
  recoveryPerAccount: { limit: 3, windowMs: 15 * MINUTE_MS },
  resendPerIp: { limit: 10, windowMs: 15 * MINUTE_MS },
  resendPerAccount: { limit: 3, windowMs: 15 * MINUTE_MS },
  signupPerIp: { limit: 20, windowMs: HOUR_MS },
  signupPerAccount: { limit: 3, windowMs: HOUR_MS },
  /** The data export decrypts and gathers everything of a person from every service: a few an hour. */
  exportPerAccount: { limit: 10, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof rateLimits;

/** `AUTH_RATE_LIMIT_MULTIPLIER` scales every limit (load tests raise it); 0 turns them off. */
export function scaledLimit(limit: RateLimit, multiplier: number): RateLimit | null {
  if (multiplier <= 0) return null;
  return { limit: Math.max(1, Math.floor(limit.limit * multiplier)), windowMs: limit.windowMs };
}
