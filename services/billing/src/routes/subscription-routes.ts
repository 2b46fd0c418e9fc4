import {
  ChatAccessDenied,
  ChatAccessResponse,
  CheckoutResponse,
  FreemiumStatusResponse,
  PricesResponse,
  ReactivateResponse,
  SubscriptionStatusResponse,
  SwitchOptionsResponse,
  UrlResponse,
} from '@innerview/contracts/billing';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import type { Request } from 'express';
import { paymentMethodUpdate, startCheckout } from '../actions/checkout.ts';
import { cancelSubscription, reactivate, switchPlan } from '../actions/plan-changes.ts';
import { type CurrencyHints, chatAccess, pricesOf, statusOf, switchOptions } from '../actions/status.ts';
import { activateTrial, consumeTokens, freemiumStatus } from '../actions/trial.ts';
import type { BillingContext } from '../billing-context.ts';
import { CancelQuery, ConsumeTokensQuery, CurrencyQuery, PaidPlanParams } from './schemas.ts';

const tags = ['subscriptions'];
const base = '/api/v1/subscriptions';

function hints(query: { currency?: string; country?: string }, req: Request): CurrencyHints {
  return { currency: query.currency, country: query.country, acceptLanguage: req.header('accept-language') };
}

const status = {
  200: { description: 'subscription_status and the display info', schema: SubscriptionStatusResponse },
};
const conflict = { 409: { description: 'Not possible in the current state (code says why)' } };
const providerDown = { 502: { description: 'PAYMENT_PROVIDER_UNAVAILABLE: try again' } };

export function subscriptionRoutes(billing: BillingContext): RouteDefinition[] {
  const pricesRoute = (provider: 'local' | 'stripe') =>
    defineRoute({
      method: 'get',
      path: `${base}/${provider}-prices`,
      summary: `Plan prices of the ${provider} payment provider (404 when another provider is in use)`,
      tags,
      auth: 'none',
      query: CurrencyQuery,
      responses: {
        200: { description: 'Freemium, monthly and yearly in one currency', schema: PricesResponse },
      },
      handler: ({ query, req }) => pricesOf(billing, provider, hints(query, req)),
    });
  return [
    pricesRoute('local'),
    pricesRoute('stripe'),
    defineRoute({
      method: 'get',
      path: `${base}/status`,
      summary: 'The subscription status with the display info of docs/product.md#subscription-records',
      tags,
      responses: status,
      handler: ({ userId }) => statusOf(billing, userId),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/freemium/activate`,
      summary: 'Start the 30-day free trial (no card; once per person)',
      tags,
      responses: { ...status, 409: { description: 'TRIAL_ALREADY_USED or TRIAL_NOT_AVAILABLE' } },
      handler: ({ userId }) => activateTrial(billing, userId),
    }),
    defineRoute({
      method: 'get',
      path: `${base}/freemium/status`,
      summary: 'The free trial: dates, days and model tokens remaining, warning flag',
      tags,
      responses: { 200: { description: 'Trial status', schema: FreemiumStatusResponse } },
      handler: ({ userId }) => freemiumStatus(billing, userId),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/checkout/:plan`,
      summary: 'Start paying for a plan now (ends a trial at once); returns the URL to pay at',
      tags,
      params: PaidPlanParams,
      query: CurrencyQuery,
      responses: {
        200: { description: 'Where to pay', schema: CheckoutResponse },
        ...conflict,
        ...providerDown,
      },
      handler: ({ userId, params, query, req }) =>
        startCheckout(billing, userId, params.plan, hints(query, req)),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/switch/:plan`,
      summary:
        'Schedule monthly ⇄ yearly for the next billing cycle (no charge until then); the current plan withdraws a scheduled change',
      tags,
      params: PaidPlanParams,
      responses: { ...status, ...conflict, ...providerDown },
      handler: ({ userId, params }) => switchPlan(billing, userId, params.plan),
    }),
    defineRoute({
      method: 'get',
      path: `${base}/switch-options`,
      summary: 'For each plan: what choosing it does, what is charged when, what is lost',
      tags,
      query: CurrencyQuery,
      responses: { 200: { description: 'Plan-change options', schema: SwitchOptionsResponse } },
      handler: ({ userId, query, req }) => switchOptions(billing, userId, hints(query, req)),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/cancel`,
      summary: 'Cancel at the end of the billing cycle (no refund); reactivation possible for 90 days after',
      tags,
      query: CancelQuery,
      responses: { ...status, ...conflict, ...providerDown },
      handler: ({ userId, query }) => cancelSubscription(billing, userId, query.reason ?? null),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/reactivate`,
      summary: 'Withdraw a cancellation, or (within 90 days after the end) pay again through a checkout',
      tags,
      responses: {
        200: { description: 'Status, and a checkout when payment is needed', schema: ReactivateResponse },
        ...conflict,
        ...providerDown,
      },
      handler: async ({ userId }) => {
        const result = await reactivate(billing, userId);
        return { subscription: result.status, checkout: result.checkout };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${base}/payment-method`,
      summary: 'Where to enter a new payment method (Stripe customer portal, or the local checkout page)',
      tags,
      responses: { 200: { description: 'Where to go', schema: UrlResponse }, ...conflict, ...providerDown },
      handler: ({ userId }) => paymentMethodUpdate(billing, userId),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/chat-access`,
      summary: 'May this person chat now, and if not, why',
      tags,
      responses: {
        200: { description: 'Allowed', schema: ChatAccessResponse },
        403: {
          description: 'SUBSCRIPTION_REQUIRED (no plan yet) or SUBSCRIPTION_EXPIRED (the reason says which)',
          schema: ChatAccessDenied,
        },
        429: {
          description: 'SUBSCRIPTION_LIMIT_REACHED: the trial quota is used up',
          schema: ChatAccessDenied,
        },
      },
      handler: ({ userId }) => chatAccess(billing, userId),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/consume-tokens`,
      summary:
        'Browser-side usage report: only lowers the trial quota, ignored for paid plans, rate-limited (chat meters usage itself)',
      tags,
      query: ConsumeTokensQuery,
      responses: {
        200: { description: 'Trial status after the report', schema: FreemiumStatusResponse },
        429: { description: 'Too many reports' },
      },
      handler: ({ userId, query }) => consumeTokens(billing, userId, query.tokens_used),
    }),
  ];
}
