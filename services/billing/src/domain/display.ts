import type { SubscriptionDetails } from '@innerview/contracts/billing';
import { daysRemaining, isoDate } from './dates.ts';
import { TRIAL_WARNING_DAYS } from './plans.ts';
import type { SubscriptionState } from './subscription-state.ts';

/** What the row holds besides the state machine's fields, for display. */
export interface BillingFacts {
  currency: string | null;
  amountMinor: number | null;
  /** The price of the scheduled plan, in the subscription's currency. */
  scheduledAmountMinor: number | null;
  paymentMethodType: string | null;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
}

/** The body of `GET /subscriptions/status`: the status plus the display info of docs/product.md#subscription-records. */
export type SubscriptionDisplay = SubscriptionDetails;

const date = (at: Date | null) => (at ? isoDate(at) : null);

/** The display info for `state` at `now`. */
export function displayInfo(
  state: SubscriptionState,
  facts: BillingFacts,
  context: { now: Date; provider: 'local' | 'stripe'; trialTokenQuota: number },
): SubscriptionDisplay {
  const { status } = state;
  const renewing = status === 'monthly' || status === 'yearly';
  const paidRunning = renewing || status === 'cancelling_at_period_end' || status === 'past_due';
  const accessUntil =
    status === 'freemium'
      ? state.trialEndsAt
      : status === 'cancelling_at_period_end' || renewing
        ? state.currentPeriodEnd
        : status === 'past_due'
          ? state.accessUntil
          : status === 'cancelled'
            ? state.endedAt
            : null;
  const endDate = endOf(state);
  const daysLeft =
    accessUntil && (status === 'freemium' || paidRunning) ? daysRemaining(context.now, accessUntil) : null;
  const withinWindow =
    status === 'cancelled' && !!state.reactivateUntil && context.now < state.reactivateUntil;
  return {
    subscription_status: status,
    plan_type: state.plan,
    payment_provider: context.provider,
    has_access:
      (status === 'freemium' && !!state.trialEndsAt && context.now < state.trialEndsAt) ||
      renewing ||
      (status === 'cancelling_at_period_end' &&
        !!state.currentPeriodEnd &&
        context.now < state.currentPeriodEnd),
    end_date: date(endDate),
    renewal_date: renewing ? date(state.currentPeriodEnd) : null,
    next_billing_date: renewing || status === 'past_due' ? date(state.currentPeriodEnd) : null,
    current_period_end: paidRunning && state.currentPeriodEnd ? state.currentPeriodEnd.toISOString() : null,
    payment_method: facts.paymentMethodType
      ? { type: facts.paymentMethodType, brand: facts.paymentMethodBrand, last4: facts.paymentMethodLast4 }
      : null,
    amount_minor: status === 'freemium' ? 0 : facts.amountMinor,
    currency: facts.currency,
    scheduled_plan: state.scheduledPlan,
    scheduled_plan_amount_minor: state.scheduledPlan ? facts.scheduledAmountMinor : null,
    scheduled_change_date: state.scheduledPlan ? date(state.currentPeriodEnd) : null,
    cancellation_date:
      status === 'cancelling_at_period_end' || status === 'cancelled' ? date(state.cancelRequestedAt) : null,
    access_until: date(accessUntil),
    days_remaining: daysLeft,
    remaining_trial_tokens: status === 'freemium' ? state.trialTokensRemaining : null,
    trial_token_quota: context.trialTokenQuota,
    trial_end_date: date(state.trialEndsAt),
    trial_available: !state.trialUsed && status === null,
    show_trial_warning: status === 'freemium' && daysLeft !== null && daysLeft <= TRIAL_WARNING_DAYS,
    reactivate_until: withinWindow ? date(state.reactivateUntil) : null,
    expired_reason: status === 'expired' ? state.expiredReason : null,
    can_cancel: renewing,
    can_reactivate: status === 'cancelling_at_period_end' || withinWindow,
    can_change_plan:
      renewing ||
      status === 'cancelling_at_period_end' ||
      status === null ||
      status === 'freemium' ||
      status === 'expired' ||
      withinWindow,
    can_update_payment_method: paidRunning,
  };
}

/** The end (or renewal) date the subscription details show for each status. */
function endOf(state: SubscriptionState): Date | null {
  switch (state.status) {
    case null:
      return null;
    case 'freemium':
      return state.trialEndsAt;
    case 'cancelled':
      return state.endedAt;
    case 'expired':
      return state.expiredReason === 'trial_ended'
        ? state.trialEndsAt
        : (state.endedAt ?? state.currentPeriodEnd);
    default:
      return state.currentPeriodEnd;
  }
}
