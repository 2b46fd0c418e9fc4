import { randomUUID } from 'node:crypto';
import { HttpError } from '@innerview/kit';
import { and, eq } from 'drizzle-orm';
import type { BillingContext } from '../billing-context.ts';
import { appLink } from '../config.ts';
import { checkouts } from '../db/schema.ts';
import { stateOf, updateSubscriptionFields } from '../db/subscriptions.ts';
import type { PaidPlan } from '../domain/plans.ts';
import { chooseCurrency } from '../domain/prices.ts';
import { subscriptionOf } from './load.ts';
import { viaProvider } from './provider-errors.ts';
import type { CurrencyHints } from './status.ts';

/** An unpaid checkout stops working after this long. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export interface CheckoutAnswer {
  url: string;
  checkout_id: string;
  plan: PaidPlan;
  currency: string;
  amount_minor: number;
}

/**
 * `POST /subscriptions/checkout/{plan}`: where to pay for a plan that starts now. From the trial it
 * ends the trial at once (remaining days lost) once paid; a running paid plan changes through
 * `/subscriptions/switch/{plan}` instead, at the next billing cycle.
 */
export async function startCheckout(
  billing: BillingContext,
  userId: string,
  plan: PaidPlan,
  hints: CurrencyHints,
): Promise<CheckoutAnswer> {
  const { service, config, provider } = billing;
  const now = service.clock.now();
  const prepared = await service.transaction(async (tx) => {
    const row = await subscriptionOf(tx, userId, { lock: true });
    const { status } = stateOf(row);
    if (status === 'monthly' || status === 'yearly' || status === 'cancelling_at_period_end')
      throw new HttpError(
        409,
        'You already have a subscription. Plan changes take effect at the next billing cycle.',
        'SUBSCRIPTION_ALREADY_ACTIVE',
        { switch_path: `/api/v1/subscriptions/switch/${plan}` },
      );
    if (status === 'past_due')
      throw new HttpError(409, 'Please update your payment method first.', 'PAYMENT_PAST_DUE', {
        payment_method_path: '/api/v1/subscriptions/payment-method',
      });
    const known = row.currency && config.BILLING_PRICES[row.currency] ? row.currency : undefined;
    const currency = hints.currency
      ? chooseCurrency(config.BILLING_PRICES, hints)
      : (known ?? chooseCurrency(config.BILLING_PRICES, hints));
    const amountMinor = config.BILLING_PRICES[currency]![plan];
    // One open checkout per person: an older one can no longer be paid (no double subscription).
    await tx
      .update(checkouts)
      .set({ status: 'expired' })
      .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
    const id = randomUUID();
    await tx.insert(checkouts).values({
      id,
      userId,
      purpose: 'subscribe',
      plan,
      currency,
      amountMinor,
      provider: provider.kind,
      status: 'open',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    });
    return { id, currency, amountMinor, email: row.email, customerId: row.providerCustomerId };
  });
  const session = await viaProvider(billing, 'createCheckout', () =>
    provider.createCheckout({
      checkoutId: prepared.id,
      userId,
      email: prepared.email,
      plan,
      currency: prepared.currency,
      customerId: prepared.customerId,
      successUrl: appLink(config, '/subscription/success', { plan }),
      cancelUrl: appLink(config, '/pricing'),
      idempotencyKey: `checkout:${prepared.id}`,
    }),
  );
  await service.db
    .update(checkouts)
    .set({ providerCheckoutId: session.providerCheckoutId })
    .where(eq(checkouts.id, prepared.id));
  if (session.customerId && session.customerId !== prepared.customerId)
    await updateSubscriptionFields(service.db, userId, { providerCustomerId: session.customerId }, now);
  return {
    url: session.url,
    checkout_id: prepared.id,
    plan,
    currency: prepared.currency,
    amount_minor: prepared.amountMinor,
  };
}

/** `POST /subscriptions/payment-method`: where to enter a new card (asked for when past due). */
export async function paymentMethodUpdate(billing: BillingContext, userId: string): Promise<{ url: string }> {
  const { service, config, provider } = billing;
  const now = service.clock.now();
  const row = await subscriptionOf(service.db, userId);
  const { status } = stateOf(row);
  const running =
    status === 'monthly' ||
    status === 'yearly' ||
    status === 'cancelling_at_period_end' ||
    status === 'past_due';
  if (!running || !row.providerSubscriptionId || !row.providerCustomerId)
    throw new HttpError(409, 'There is no active subscription to update.', 'NO_ACTIVE_SUBSCRIPTION');
  const id = randomUUID();
  await service.db.insert(checkouts).values({
    id,
    userId,
    purpose: 'payment_method',
    plan: row.plan ?? 'monthly',
    currency: row.currency ?? 'CHF',
    amountMinor: 0,
    provider: provider.kind,
    status: 'open',
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
  });
  const url = await viaProvider(billing, 'paymentMethodUpdateUrl', () =>
    provider.paymentMethodUpdateUrl({
      checkoutId: id,
      userId,
      customerId: row.providerCustomerId!,
      subscriptionId: row.providerSubscriptionId!,
      returnUrl: appLink(config, '/subscription/success', { payment_method: 'updated' }),
      idempotencyKey: `payment-method:${id}`,
    }),
  );
  return { url };
}
