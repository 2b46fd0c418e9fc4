import type { SwitchAction, SwitchOption, SwitchOptions } from '@innerview/contracts/billing';
import { daysRemaining, isoDate } from './dates.ts';
import type { PaidPlan, Plan } from './plans.ts';
import type { SubscriptionState } from './subscription-state.ts';

/**
 * What choosing a plan does from where the person stands, so the confirmation modals of /pricing and
 * settings can say what is charged when and what is lost (docs/product.md#changing-plans).
 * - `activate_trial`: POST /subscriptions/freemium/activate
 * - `checkout`: POST /subscriptions/checkout/{plan} (pay now; a trial ends at once)
 * - `schedule`: POST /subscriptions/switch/{plan} (starts at the next billing cycle, no charge until then)
 * - `keep`: POST /subscriptions/switch/{plan} with the current plan withdraws a scheduled change
 * - `reactivate`: POST /subscriptions/reactivate
 * - `current`: nothing to do; `unavailable`: not possible now (see `reason`)
 * The shapes are the contracts' (`SwitchOptionsResponse`).
 */
export type { SwitchOptions };

export function switchOptions(
  state: SubscriptionState,
  context: { now: Date; currency: string; prices: Record<PaidPlan, number> },
): SwitchOptions {
  const { now, currency, prices } = context;
  const today = isoDate(now);
  const periodEnd = state.currentPeriodEnd ? isoDate(state.currentPeriodEnd) : null;
  const status = state.status;
  const inTrial = status === 'freemium' && !!state.trialEndsAt && now < state.trialEndsAt;
  const withinWindow = status === 'cancelled' && !!state.reactivateUntil && now < state.reactivateUntil;
  const base = (
    plan: Plan,
    action: SwitchAction,
    message: string,
    reason: string | null = null,
  ): SwitchOption => ({
    plan,
    action,
    reason,
    charge_now_minor: 0,
    amount_minor: plan === 'freemium' ? 0 : prices[plan],
    currency,
    first_charge_date: null,
    effective_date: null,
    trial_days_lost: 0,
    trial_tokens_lost: 0,
    message,
  });

  const trial = (): SwitchOption => {
    if (status === null && !state.trialUsed)
      return { ...base('freemium', 'activate_trial', 'start_trial'), effective_date: today };
    if (status === 'freemium') return base('freemium', 'current', 'current_plan');
    return base('freemium', 'unavailable', 'trial_used', 'trial_used');
  };

  const paid = (plan: PaidPlan): SwitchOption => {
    const payNow = (message: string): SwitchOption => ({
      ...base(plan, 'checkout', message),
      charge_now_minor: prices[plan],
      first_charge_date: today,
      effective_date: today,
      trial_days_lost: inTrial && state.trialEndsAt ? daysRemaining(now, state.trialEndsAt) : 0,
      trial_tokens_lost: inTrial ? state.trialTokensRemaining : 0,
    });
    const atPeriodEnd = (action: SwitchAction, message: string): SwitchOption => ({
      ...base(plan, action, message),
      first_charge_date: periodEnd,
      effective_date: periodEnd,
    });
    switch (status) {
      case null:
      case 'expired':
        return payNow(`subscribe_${plan}`);
      case 'freemium':
        return payNow(`trial_to_${plan}`);
      case 'cancelled':
        return withinWindow ? payNow(`reactivate_${plan}`) : payNow(`subscribe_${plan}`);
      case 'past_due':
        return base(plan, 'unavailable', 'update_payment_method', 'payment_past_due');
      case 'cancelling_at_period_end':
        return plan === state.plan
          ? { ...atPeriodEnd('reactivate', 'undo_cancellation'), effective_date: today }
          : atPeriodEnd('schedule', `after_cancel_to_${plan}`);
      case 'monthly':
      case 'yearly':
        if (plan === status)
          return state.scheduledPlan
            ? { ...atPeriodEnd('keep', 'keep_current_plan'), effective_date: today }
            : { ...base(plan, 'current', 'current_plan'), first_charge_date: periodEnd };
        if (plan === state.scheduledPlan) return atPeriodEnd('current', 'change_already_scheduled');
        return atPeriodEnd('schedule', `${status}_to_${plan}`);
    }
  };

  return {
    subscription_status: status,
    current_plan: state.plan,
    scheduled_plan: state.scheduledPlan,
    currency,
    options: [trial(), paid('monthly'), paid('yearly')],
  };
}
