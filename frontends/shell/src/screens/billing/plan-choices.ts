import type { PaidPlan, Plan, SubscriptionDetails, SwitchOption } from '@innerview/api-client';

/** The confirmation texts the screens hold (billing.json `confirm.<message>`), one per option message. */
export const CONFIRM_MESSAGES = [
  'start_trial',
  'trial_to_monthly',
  'trial_to_yearly',
  'subscribe_monthly',
  'subscribe_yearly',
  'reactivate_monthly',
  'reactivate_yearly',
  'monthly_to_yearly',
  'yearly_to_monthly',
  'after_cancel_to_monthly',
  'after_cancel_to_yearly',
  'undo_cancellation',
  'keep_current_plan',
] as const;
export type ConfirmMessage = (typeof CONFIRM_MESSAGES)[number];

export function isConfirmMessage(value: string): value is ConfirmMessage {
  return (CONFIRM_MESSAGES as readonly string[]).includes(value);
}

/** Messages whose modal also says what is lost (the rest of a trial). */
const LOSES_TRIAL: readonly ConfirmMessage[] = ['trial_to_monthly', 'trial_to_yearly'];

export type PlanButton = {
  /** Key under billing.json `pricing.actions`. */
  labelKey: string;
  /** A button that does something (after its confirmation); else it is shown disabled. */
  enabled: boolean;
  /** Key under `pricing.unavailable`: why the plan cannot be chosen now. */
  reasonKey?: string;
};

/**
 * The button of one plan card, from what billing says choosing it does now. Every enabled button
 * opens a confirmation first (docs/product.md#plans-and-pricing-screens "confirmation modals for plan changes").
 */
export function planButton(option: SwitchOption, status: string | null): PlanButton {
  switch (option.action) {
    case 'activate_trial':
      return { labelKey: 'activate_trial', enabled: true };
    case 'checkout':
      return { labelKey: status === 'freemium' ? 'upgrade' : 'checkout', enabled: true };
    case 'schedule':
      return { labelKey: 'schedule', enabled: true };
    case 'keep':
      return { labelKey: 'keep', enabled: true };
    case 'reactivate':
      return { labelKey: 'reactivate', enabled: true };
    case 'current':
      return {
        labelKey: option.message === 'change_already_scheduled' ? 'scheduled' : 'current',
        enabled: false,
      };
    case 'unavailable':
      return {
        labelKey: 'unavailable',
        enabled: false,
        reasonKey: option.reason ?? option.message,
      };
  }
}

export type ConfirmContent = {
  message: ConfirmMessage;
  /** Interpolation values: amounts already formatted, dates as long dates. */
  values: {
    plan: string;
    amount: string;
    chargeNow: string;
    date: string;
    days: number;
  };
  /** Show the "what is lost" line. */
  showsLoss: boolean;
};

export type Formatters = {
  money: (minor: number, currency: string) => string;
  date: (isoDate: string) => string;
  plan: (plan: Plan) => string;
};

/**
 * What the confirmation modal of one option says (docs/product.md#how-things-change-over-time): the message picks the text, the
 * option gives what is charged now and when the plan takes effect, and what a trial loses. An
 * option without a confirmation text (current, unavailable) gives null.
 */
export function confirmContent(option: SwitchOption, format: Formatters): ConfirmContent | null {
  if (!isConfirmMessage(option.message)) return null;
  if (option.action === 'current' || option.action === 'unavailable') return null;
  const date = option.effective_date ?? option.first_charge_date;
  return {
    message: option.message,
    values: {
      plan: format.plan(option.plan),
      amount: format.money(option.amount_minor, option.currency),
      chargeNow: format.money(option.charge_now_minor, option.currency),
      date: date ? format.date(date) : '',
      days: option.trial_days_lost,
    },
    showsLoss: LOSES_TRIAL.includes(option.message) && option.trial_days_lost + option.trial_tokens_lost > 0,
  };
}

/** The paid plan the card of the other plan offers (settings: monthly ⇄ yearly). */
export function otherPlan(plan: PaidPlan): PaidPlan {
  return plan === 'monthly' ? 'yearly' : 'monthly';
}

/** Paid statuses keep the currency they were bought in: no currency choice then. */
export function canChooseCurrency(details: SubscriptionDetails | undefined): boolean {
  const status = details?.subscription_status ?? null;
  return !(
    status === 'monthly' ||
    status === 'yearly' ||
    status === 'cancelling_at_period_end' ||
    status === 'past_due'
  );
}
