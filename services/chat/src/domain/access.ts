/** What chat keeps of a person's subscription (from billing's events). */
export interface AccessProjection {
  status: string;
  periodEnd: Date | null;
  trialTokensRemaining: number | null;
  /** End of the limited access after a failed renewal, when billing said so. */
  graceUntil: Date | null;
}

export type AccessDecision =
  | { allowed: true; metered: boolean }
  | {
      allowed: false;
      httpStatus: 403 | 429;
      code: 'SUBSCRIPTION_REQUIRED' | 'SUBSCRIPTION_EXPIRED' | 'SUBSCRIPTION_LIMIT_REACHED';
      reason:
        | 'no_subscription'
        | 'trial_expired'
        | 'trial_tokens_exhausted'
        | 'payment_past_due'
        | 'subscription_cancelled'
        | 'subscription_expired';
      detail: string;
      /** Where the client goes to act on it (the same as billing's `chat-access` answer). */
      redirectTo: '/pricing' | '/trial-expired' | '/auth/subscription-expired';
    };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A renewing plan keeps chatting this long past its period end while billing's renewal lands. */
export const RENEWAL_SETTLE_MS = DAY_MS;

type Denial = Extract<AccessDecision, { allowed: false }>;

export const denials = {
  none: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_REQUIRED',
    reason: 'no_subscription',
    detail: 'A subscription is required to chat. Start your free trial or choose a plan.',
    redirectTo: '/pricing',
  },
  trialExpired: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'trial_expired',
    detail: 'Your free trial has ended. Choose a plan to keep chatting.',
    redirectTo: '/trial-expired',
  },
  trialExhausted: {
    allowed: false,
    httpStatus: 429,
    code: 'SUBSCRIPTION_LIMIT_REACHED',
    reason: 'trial_tokens_exhausted',
    detail: 'Rate limit exceeded: you have used all of your free trial. Upgrade to keep chatting.',
    redirectTo: '/pricing',
  },
  pastDue: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'payment_past_due',
    detail: 'Your last payment did not go through. Update your payment method to keep chatting.',
    redirectTo: '/auth/subscription-expired',
  },
  cancelled: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'subscription_cancelled',
    detail: 'Your subscription was cancelled and has ended. Reactivate it to keep chatting.',
    redirectTo: '/auth/subscription-expired',
  },
  expired: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'subscription_expired',
    detail: 'Your subscription has expired. Renew it to keep chatting.',
    redirectTo: '/auth/subscription-expired',
  },
} as const satisfies Record<string, Denial>;

const before = (end: Date | null, now: Date, settle = 0) =>
  end === null || now.getTime() < end.getTime() + settle;

/**
 * May this person send a message now (the decisions of the chat issue): trial with quota left and
 * time left, monthly, yearly, cancelling at period end, cancelled until its period end, past due
 * within its grace → yes; no subscription yet → 403 SUBSCRIPTION_REQUIRED; trial quota used up →
 * 429 SUBSCRIPTION_LIMIT_REACHED; everything that ended → 403 SUBSCRIPTION_EXPIRED.
 */
export function chatAccess(
  projection: AccessProjection | undefined,
  now: Date,
  pastDueGraceDays: number,
): AccessDecision {
  if (!projection) return denials.none;
  const { status, periodEnd } = projection;
  switch (status) {
    case 'freemium':
      if (!before(periodEnd, now)) return denials.trialExpired;
      if (projection.trialTokensRemaining !== null && projection.trialTokensRemaining <= 0)
        return denials.trialExhausted;
      return { allowed: true, metered: true };
    case 'monthly':
    case 'yearly':
      return before(periodEnd, now, RENEWAL_SETTLE_MS) ? { allowed: true, metered: false } : denials.expired;
    case 'cancelling_at_period_end':
    case 'cancelled':
      return before(periodEnd, now) ? { allowed: true, metered: false } : denials.cancelled;
    case 'past_due': {
      const graceEnd =
        projection.graceUntil ??
        (periodEnd ? new Date(periodEnd.getTime() + pastDueGraceDays * DAY_MS) : null);
      return before(graceEnd, now) ? { allowed: true, metered: false } : denials.pastDue;
    }
    default:
      return denials.expired;
  }
}
