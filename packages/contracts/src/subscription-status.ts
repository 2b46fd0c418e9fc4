/**
 * The statuses of docs/product.md#subscription-records ("Subscription status"), listed here once:
 * billing's state machine, its response and event schemas, the api-client and the screens' routing
 * all import them. A person who never chose anything has none (null). Kept free of zod so that a
 * screen can import the list without the schemas.
 */
export const SUBSCRIPTION_STATUSES = [
  'freemium',
  'monthly',
  'yearly',
  'cancelled',
  'cancelling_at_period_end',
  'past_due',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

export const PLANS = ['freemium', 'monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];
export const PAID_PLANS = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export function isPaidPlan(value: unknown): value is PaidPlan {
  return value === 'monthly' || value === 'yearly';
}

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Why chat is refused; the client shows a text for each and follows `redirect_to`. */
export const CHAT_DENIAL_REASONS = [
  'no_subscription',
  'trial_expired',
  'trial_tokens_exhausted',
  'payment_past_due',
  'subscription_cancelled',
  'subscription_expired',
] as const;
export type ChatDenialReason = (typeof CHAT_DENIAL_REASONS)[number];
