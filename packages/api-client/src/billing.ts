import { formatMoney as glossaryMoney } from '@innerview/contracts/glossary';
import { api } from './api.ts';
import type { SubscriptionStatus } from './types.ts';

/**
 * The billing calls (services/billing/README.md) on the one shared api: the shell's pricing and
 * subscription screens and the account remote's settings both use them, so a change made in one
 * refreshes the other through the `Subscription` tag.
 */

export type Plan = 'freemium' | 'monthly' | 'yearly';
export type PaidPlan = 'monthly' | 'yearly';
export type PaymentProvider = 'local' | 'stripe';

/** The order plans are shown in. */
export const PLAN_ORDER: readonly Plan[] = ['freemium', 'monthly', 'yearly'];

export function isPaidPlan(value: unknown): value is PaidPlan {
  return value === 'monthly' || value === 'yearly';
}

/** GET /subscriptions/status: the status and the display info of docs/product.md#subscription-records. Dates are YYYY-MM-DD (UTC). */
export type SubscriptionDetails = {
  subscription_status: SubscriptionStatus | null;
  plan_type: Plan | null;
  payment_provider: PaymentProvider;
  has_access: boolean;
  end_date: string | null;
  renewal_date: string | null;
  next_billing_date: string | null;
  current_period_end: string | null;
  payment_method: { type: string; brand: string | null; last4: string | null } | null;
  amount_minor: number | null;
  currency: string | null;
  scheduled_plan: PaidPlan | null;
  scheduled_plan_amount_minor: number | null;
  scheduled_change_date: string | null;
  cancellation_date: string | null;
  access_until: string | null;
  days_remaining: number | null;
  /** The trial allowance left, in model tokens (ADR 10): shown as a share of `trial_token_quota`. */
  remaining_trial_tokens: number | null;
  trial_token_quota: number;
  trial_end_date: string | null;
  trial_available: boolean;
  show_trial_warning: boolean;
  reactivate_until: string | null;
  expired_reason: 'trial_ended' | 'payment_failed' | 'reactivation_window_closed' | 'account_closed' | null;
  can_cancel: boolean;
  can_reactivate: boolean;
  can_change_plan: boolean;
  can_update_payment_method: boolean;
};

export type PlanPrice = {
  plan: Plan;
  currency: string;
  amount_minor: number;
  interval: 'month' | 'year' | null;
  trial_days: number | null;
  monthly_equivalent_minor: number;
};

/** GET /subscriptions/{provider}-prices. */
export type PlanPrices = {
  payment_provider: PaymentProvider;
  currency: string;
  currencies: string[];
  vat_included: true;
  prices: PlanPrice[];
};

export type SwitchAction =
  | 'activate_trial'
  | 'checkout'
  | 'schedule'
  | 'keep'
  | 'reactivate'
  | 'current'
  | 'unavailable';

/** What choosing one plan does now: the confirmation modals read it (docs/product.md#how-things-change-over-time). */
export type SwitchOption = {
  plan: Plan;
  action: SwitchAction;
  reason: string | null;
  charge_now_minor: number;
  amount_minor: number;
  currency: string;
  first_charge_date: string | null;
  effective_date: string | null;
  trial_days_lost: number;
  trial_tokens_lost: number;
  /** Key of the confirmation text: trial_to_monthly, monthly_to_yearly, undo_cancellation … */
  message: string;
};

export type SwitchOptions = {
  subscription_status: SubscriptionStatus | null;
  current_plan: Plan | null;
  scheduled_plan: PaidPlan | null;
  currency: string;
  options: SwitchOption[];
};

export type CheckoutSession = {
  url: string;
  checkout_id: string;
  plan: PaidPlan;
  currency: string;
  amount_minor: number;
};

export type Reactivation = { subscription: SubscriptionDetails; checkout: CheckoutSession | null };

const currencyQuery = (currency?: string) => (currency ? { currency } : undefined);

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Only the provider in use answers; the status says which one it is. */
    getPlanPrices: build.query<PlanPrices, { provider: PaymentProvider; currency?: string }>({
      query: ({ provider, currency }) => ({
        url: `/subscriptions/${provider}-prices`,
        params: currencyQuery(currency),
      }),
      providesTags: ['Prices'],
    }),
    getSwitchOptions: build.query<SwitchOptions, { currency?: string } | undefined>({
      query: (arg) => ({ url: '/subscriptions/switch-options', params: currencyQuery(arg?.currency) }),
      providesTags: ['Subscription'],
    }),
    activateTrial: build.mutation<SubscriptionDetails, void>({
      query: () => ({ url: '/subscriptions/freemium/activate', method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    /** Nothing changes until the payment lands, so nothing is invalidated here. */
    startCheckout: build.mutation<CheckoutSession, { plan: PaidPlan; currency?: string }>({
      query: ({ plan, currency }) => ({
        url: `/subscriptions/checkout/${plan}`,
        method: 'POST',
        params: currencyQuery(currency),
      }),
    }),
    switchPlan: build.mutation<SubscriptionDetails, PaidPlan>({
      query: (plan) => ({ url: `/subscriptions/switch/${plan}`, method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<SubscriptionDetails, { reason?: string }>({
      query: ({ reason }) => ({
        url: '/subscriptions/cancel',
        method: 'POST',
        params: reason?.trim() ? { reason: reason.trim() } : undefined,
      }),
      invalidatesTags: ['Subscription'],
    }),
    reactivateSubscription: build.mutation<Reactivation, void>({
      query: () => ({ url: '/subscriptions/reactivate', method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    /** Where to enter a new card (Stripe's portal, or the local page). */
    paymentMethodUrl: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/subscriptions/payment-method', method: 'POST' }),
    }),
  }),
});

export const {
  useGetPlanPricesQuery,
  useGetSwitchOptionsQuery,
  useActivateTrialMutation,
  useStartCheckoutMutation,
  useSwitchPlanMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  usePaymentMethodUrlMutation,
} = billingApi;

type StatusQueryOptions = Parameters<typeof api.useGetSubscriptionStatusQuery>[1];

/**
 * The status with its display info. The same call and cache entry as the guards'
 * `getSubscriptionStatus` (whose type names only the status they need), typed in full here.
 */
export function useSubscriptionDetailsQuery(options?: StatusQueryOptions): SubscriptionDetailsResult {
  const result = api.useGetSubscriptionStatusQuery(undefined, options);
  return { ...result, data: result.data as SubscriptionDetails | undefined } as SubscriptionDetailsResult;
}

type StatusQueryResult = ReturnType<typeof api.useGetSubscriptionStatusQuery>;
export type SubscriptionDetailsResult = Omit<StatusQueryResult, 'data' | 'currentData'> & {
  data: SubscriptionDetails | undefined;
};

/**
 * "CHF 19.00": an amount in minor units as currency plus amount (docs/product.md#billing-terms), the
 * Swiss way in every language, as the checkout page and the mails write it (the glossary, ADR 60).
 * `locale` is kept for the callers; the format does not depend on it.
 */
export function formatMoney(amountMinor: number, currency: string, _locale?: string): string {
  return glossaryMoney(amountMinor, currency);
}

/** "12 March 2027" from "2027-03-12", read as the UTC day billing means. */
export function formatBillingDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** The share of the trial allowance left, 0–100, rounded down (never shows 100 % once any is used). */
export function trialAllowancePercent(
  details: Pick<SubscriptionDetails, 'remaining_trial_tokens' | 'trial_token_quota'>,
): number | null {
  const { remaining_trial_tokens: left, trial_token_quota: quota } = details;
  if (left === null || !quota) return null;
  return Math.max(0, Math.min(100, Math.floor((left / quota) * 100)));
}
