import type {
  CheckoutSession,
  PlanPrices,
  Reactivation,
  SubscriptionDetails,
  SwitchOptions,
} from '@innerview/contracts/billing';
import { formatMoney as glossaryMoney } from '@innerview/contracts/glossary';
import {
  type PaidPlan,
  type PaymentProvider,
  PLANS,
  type Plan,
} from '@innerview/contracts/subscription-status';
import { api } from './api.ts';

/**
 * The billing calls (services/billing/README.md) on the one shared api: the shell's pricing and
 * subscription screens and the account remote's settings both use them, so a change made in one
 * refreshes the other through the `Subscription` tag.
 */

export type {
  CheckoutSession,
  PlanPrice,
  PlanPrices,
  Reactivation,
  SubscriptionDetails,
  SwitchAction,
  SwitchOption,
  SwitchOptions,
} from '@innerview/contracts/billing';
export {
  isPaidPlan,
  type PaidPlan,
  type PaymentProvider,
  type Plan,
} from '@innerview/contracts/subscription-status';

// The response types are `z.infer` of the schemas billing's routes answer with (ADR 0066): written
// once, in @innerview/contracts/billing.

/** The order plans are shown in. */
export const PLAN_ORDER: readonly Plan[] = PLANS;

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
