import type { PaidPlan } from '@innerview/contracts/subscription-status';

// The statuses and plans are listed once, in the contracts; billing's state machine uses them.
export {
  isPaidPlan,
  type PaidPlan,
  type Plan,
  type SubscriptionStatus,
} from '@innerview/contracts/subscription-status';

/** docs/product.md#billing-terms: the constants of the subscription rules (docs/product.md#how-things-change-over-time). */
export const TRIAL_DAYS = 30;
/** The trial reminder e-mail goes out this long before the trial ends. */
export const TRIAL_REMINDER_DAYS = 2;
/** The trial-expiring warning shows within this many days of the end (the screens read it). */
export const TRIAL_WARNING_DAYS = 7;
/** A subscription whose period ended after a cancellation can be reactivated this long, without data loss. */
export const REACTIVATION_WINDOW_DAYS = 90;
/** The yearly plan costs this many monthly prices: 2 months free. */
export const YEARLY_PRICE_IN_MONTHS = 10;
/** Default days of limited access after a failed renewal (PAST_DUE_GRACE_DAYS). */
export const DEFAULT_PAST_DUE_GRACE_DAYS = 7;
/** Default trial quota in model tokens as counted by the chat service (TRIAL_TOKEN_QUOTA, ADR). */
export const DEFAULT_TRIAL_TOKEN_QUOTA = 200_000;

/** Months in one billing period of a paid plan. */
export function periodMonths(plan: PaidPlan): number {
  return plan === 'yearly' ? 12 : 1;
}
