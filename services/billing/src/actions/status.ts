import type { PlanPrices } from '@innerview/contracts/billing';
import { HttpError } from '@innerview/kit';
import type { ProviderKind } from '../adapters/providers/payment-provider.ts';
import type { BillingContext } from '../billing-context.ts';
import { factsOf, type SubscriptionRow, stateOf } from '../db/subscriptions.ts';
import { chatAccess as decideChatAccess } from '../domain/access.ts';
import { isoDate } from '../domain/dates.ts';
import { displayInfo, type SubscriptionDisplay } from '../domain/display.ts';
import { TRIAL_DAYS } from '../domain/plans.ts';
import { chooseCurrency, pricesIn } from '../domain/prices.ts';
import { switchOptions as optionsFor, type SwitchOptions } from '../domain/switch-options.ts';
import { subscriptionOf } from './load.ts';

/** `GET /subscriptions/status`: subscription_status and the display info of docs/product.md#subscription-records. */
export async function statusOf(billing: BillingContext, userId: string): Promise<SubscriptionDisplay> {
  return displayOf(billing, await subscriptionOf(billing.service.db, userId));
}

/** The display info of docs/product.md#subscription-records of one subscription row, as of the service clock's now. */
export function displayOf(billing: BillingContext, row: SubscriptionRow): SubscriptionDisplay {
  return displayInfo(stateOf(row), factsOf(row), {
    now: billing.service.clock.now(),
    provider: billing.provider.kind,
    trialTokenQuota: billing.config.TRIAL_TOKEN_QUOTA,
  });
}

/** `POST /subscriptions/chat-access`: 200 when chat is allowed; 429 or 403 with a reason otherwise. */
export async function chatAccess(billing: BillingContext, userId: string) {
  const row = await subscriptionOf(billing.service.db, userId);
  const access = decideChatAccess(stateOf(row), billing.service.clock.now());
  if (!access.allowed)
    throw new HttpError(access.httpStatus, access.message, access.code, {
      allowed: false,
      reason: access.reason,
      subscription_status: access.status,
      redirect_to: access.redirectTo,
      access_until: access.accessUntil ? isoDate(access.accessUntil) : null,
    });
  return {
    allowed: true,
    reason: null,
    subscription_status: access.status,
    access: access.access,
    remaining_trial_tokens: access.remainingTrialTokens,
    access_until: access.accessUntil ? isoDate(access.accessUntil) : null,
  };
}

export interface CurrencyHints {
  currency?: string | undefined;
  country?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** The currency of a running subscription, else the one the request points at. */
function currencyFor(billing: BillingContext, current: string | null, hints: CurrencyHints): string {
  if (current && billing.config.BILLING_PRICES[current]) return current;
  return chooseCurrency(billing.config.BILLING_PRICES, hints);
}

export async function switchOptions(
  billing: BillingContext,
  userId: string,
  hints: CurrencyHints,
): Promise<SwitchOptions> {
  const row = await subscriptionOf(billing.service.db, userId);
  const currency = currencyFor(billing, row.currency, hints);
  const prices = billing.config.BILLING_PRICES[currency]!;
  return optionsFor(stateOf(row), { now: billing.service.clock.now(), currency, prices });
}

/**
 * `GET /subscriptions/{provider}-prices`. Only the configured provider answers: the local list from
 * configuration, Stripe's from Stripe itself (what the person will actually be charged).
 */
export async function pricesOf(
  billing: BillingContext,
  provider: ProviderKind,
  hints: CurrencyHints,
): Promise<PlanPrices> {
  if (provider !== billing.provider.kind)
    throw new HttpError(404, `The ${provider} payment provider is not in use.`, 'PROVIDER_NOT_ENABLED', {
      payment_provider: billing.provider.kind,
    });
  const currency = chooseCurrency(billing.config.BILLING_PRICES, hints);
  let plans = pricesIn(billing.config.BILLING_PRICES, currency, TRIAL_DAYS);
  if (provider === 'stripe') {
    const charged = await billing.provider.listPrices(currency);
    plans = plans.flatMap((price) => {
      if (price.plan === 'freemium') return [price];
      const found = charged.find((c) => c.plan === price.plan);
      return found ? [{ ...price, amountMinor: found.amountMinor }] : [];
    });
  }
  return {
    payment_provider: provider,
    currency,
    currencies: Object.keys(billing.config.BILLING_PRICES).sort(),
    vat_included: true,
    prices: plans.map((p) => ({
      plan: p.plan,
      currency: p.currency,
      amount_minor: p.amountMinor,
      interval: p.interval,
      trial_days: p.trialDays,
      monthly_equivalent_minor: p.interval === 'year' ? Math.round(p.amountMinor / 12) : p.amountMinor,
    })),
  };
}
