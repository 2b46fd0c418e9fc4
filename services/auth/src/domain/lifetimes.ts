/**
 * How long things live (see docs/adr/0004-auth-lifetimes-and-lockout.md).
 * Sessions: docs/product.md#trial-plans-and-retention "Remember me: 10 days"; without it a working day and a night, 24 hours.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const SESSION_MS = 24 * HOUR_MS;
export const REMEMBER_ME_SESSION_MS = 10 * DAY_MS;
export const VERIFICATION_TOKEN_MS = 24 * HOUR_MS;
export const RESET_TOKEN_MS = HOUR_MS;

export function sessionExpiry(now: Date, rememberMe: boolean): Date {
  return new Date(now.getTime() + (rememberMe ? REMEMBER_ME_SESSION_MS : SESSION_MS));
}

/** Where a one-time token stands at `now`. */
export function oneTimeTokenState(
  token: { expiresAt: Date; usedAt: Date | null } | undefined,
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  if (!token || token.usedAt) return 'invalid';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}
