import { type SubscriptionDetails, trialAllowancePercent } from '@innerview/api-client';

/** Key under subscription.json `status.*`: the status in words, incl. 'full access (cancelled)' (docs/product.md#how-things-change-over-time). */
export function statusLabelKey(details: SubscriptionDetails): string {
  switch (details.subscription_status) {
    case 'freemium':
      return 'trial';
    case 'monthly':
    case 'yearly':
      return 'fullAccess';
    case 'cancelling_at_period_end':
      return 'fullAccessCancelled';
    case 'past_due':
      return 'pastDue';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    default:
      return 'none';
  }
}

export type Fact =
  | { key: string; kind: 'text'; value: string }
  | { key: string; kind: 'date'; value: string }
  | { key: string; kind: 'money'; value: number; currency: string; period: 'month' | 'year' | null }
  | { key: string; kind: 'count'; value: number }
  | { key: string; kind: 'percent'; value: number }
  | { key: string; kind: 'plan'; value: string; date: string | null };

/**
 * The subscription details of docs/product.md#subscription-records that apply to this subscription, in reading order; what is
 * unknown or does not apply is left out. `key` names the label under subscription.json `facts.*`.
 */
export function subscriptionFacts(details: SubscriptionDetails): Fact[] {
  const facts: Fact[] = [];
  const status = details.subscription_status;
  const running = status === 'monthly' || status === 'yearly';
  const period = details.plan_type === 'yearly' ? 'year' : details.plan_type === 'monthly' ? 'month' : null;
  if (details.plan_type) facts.push({ key: 'plan', kind: 'plan', value: details.plan_type, date: null });
  const periodDate =
    running && details.renewal_date ? details.renewal_date : status !== 'freemium' ? details.end_date : null;
  if (periodDate)
    facts.push({
      key: running && details.renewal_date ? 'renewalDate' : 'endDate',
      kind: 'date',
      value: periodDate,
    });
  // Billing renews the plan on the day it charges it: one date, said once (as "Renews on").
  if (details.next_billing_date && details.next_billing_date !== periodDate)
    facts.push({ key: 'nextBillingDate', kind: 'date', value: details.next_billing_date });
  if (details.amount_minor !== null && details.currency && status !== 'freemium')
    facts.push({
      key: 'amount',
      kind: 'money',
      value: details.amount_minor,
      currency: details.currency,
      period,
    });
  const method = details.payment_method;
  if (method) {
    const raw = method.brand ?? method.type;
    // Providers name brands in lower case (visa, mastercard).
    const name = raw.charAt(0).toUpperCase() + raw.slice(1);
    facts.push({
      key: 'paymentMethod',
      kind: 'text',
      value: method.last4 ? `${name} •••• ${method.last4}` : name,
    });
  }
  if (details.scheduled_plan)
    facts.push({
      key: 'scheduledPlan',
      kind: 'plan',
      value: details.scheduled_plan,
      date: details.scheduled_change_date,
    });
  if (details.cancellation_date)
    facts.push({ key: 'cancellationDate', kind: 'date', value: details.cancellation_date });
  if (details.access_until && status !== 'freemium' && !running && details.access_until !== periodDate)
    facts.push({ key: 'accessUntil', kind: 'date', value: details.access_until });
  if (details.days_remaining !== null)
    facts.push({ key: 'daysRemaining', kind: 'count', value: details.days_remaining });
  if (status === 'freemium' && details.trial_end_date)
    facts.push({ key: 'trialEndDate', kind: 'date', value: details.trial_end_date });
  const allowance = status === 'freemium' ? trialAllowancePercent(details) : null;
  if (allowance !== null) facts.push({ key: 'trialAllowance', kind: 'percent', value: allowance });
  if (details.reactivate_until)
    facts.push({ key: 'reactivateUntil', kind: 'date', value: details.reactivate_until });
  return facts;
}
