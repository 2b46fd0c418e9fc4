import type { SubscriptionStatusResponse } from '@innerview/api-client';

/** The part of `GET /subscriptions/status` (services/billing/README.md) the sidebar reads. */
export type SubscriptionDisplay = SubscriptionStatusResponse & {
  plan_type?: string | null;
  days_remaining?: number | null;
  access_until?: string | null;
  trial_end_date?: string | null;
};

/** docs/product.md#when-the-trial-ends: the upgrade warning shows within the last 7 days of the trial. */
export const TRIAL_WARNING_DAYS = 7;

export type PlanSummary =
  | { kind: 'trial'; daysRemaining: number; warning: boolean }
  | { kind: 'paid'; plan: 'monthly' | 'yearly' }
  | { kind: 'pastDue' };

/**
 * What the sidebar says about the subscription: days left and a warning tone on the free trial,
 * the plan name for a paid plan, a payment-overdue line when past due. Anything else (no
 * subscription, expired, cancelled, an unknown answer) says nothing: the guards handle those.
 */
export function planSummary(status: SubscriptionDisplay | null | undefined): PlanSummary | null {
  switch (status?.subscription_status) {
    case 'freemium': {
      const days = status.days_remaining;
      if (typeof days !== 'number' || !Number.isFinite(days)) return null;
      const daysRemaining = Math.max(0, Math.floor(days));
      return { kind: 'trial', daysRemaining, warning: daysRemaining <= TRIAL_WARNING_DAYS };
    }
    case 'monthly':
    case 'yearly':
      return { kind: 'paid', plan: status.subscription_status };
    case 'cancelling_at_period_end':
      return status.plan_type === 'monthly' || status.plan_type === 'yearly'
        ? { kind: 'paid', plan: status.plan_type }
        : null;
    case 'past_due':
      return { kind: 'pastDue' };
    default:
      return null;
  }
}
