import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaidPlan } from '../../../domain/plans.ts';
import type { ProviderSnapshot } from '../../../domain/provider-sync.ts';
import type { ProviderEvent } from '../payment-provider.ts';

/** Prices are found by lookup key, so operations create them once per plan and currency. */
export function lookupKey(plan: PaidPlan, currency: string): string {
  return `innerview_${plan}_${currency.toLowerCase()}`;
}

/** The plan a Stripe price stands for: by its lookup key, else by its interval. */
export function planOfPrice(price: Pick<Stripe.Price, 'lookup_key' | 'recurring'>): PaidPlan | null {
  const fromKey = /^innerview_(monthly|yearly)_/.exec(price.lookup_key ?? '')?.[1];
  if (fromKey === 'monthly' || fromKey === 'yearly') return fromKey;
  if (price.recurring?.interval === 'month') return 'monthly';
  if (price.recurring?.interval === 'year') return 'yearly';
  return null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const time = (seconds: number) => new Date(seconds * 1000);

const statusOf = (status: Stripe.Subscription.Status): ProviderSnapshot['status'] => {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'pending';
  }
};

/**
 * A Stripe subscription (retrieved with `expand: ['default_payment_method', 'schedule']`) as a
 * provider snapshot. `planOfPriceId` names the plan of a schedule phase's price.
 */
export function snapshotOfStripe(
  sub: Stripe.Subscription,
  planOfPriceId: (priceId: string) => PaidPlan | null,
): ProviderSnapshot | null {
  const item = sub.items.data[0];
  if (!item) return null;
  const plan = planOfPrice(item.price);
  if (!plan) return null;
  const schedule = typeof sub.schedule === 'object' && sub.schedule ? sub.schedule : null;
  const next = schedule?.phases.find((phase) => phase.start_date >= item.current_period_end);
  const nextPrice = next?.items[0]?.price;
  const scheduledPlan = nextPrice
    ? typeof nextPrice === 'string'
      ? planOfPriceId(nextPrice)
      : 'lookup_key' in nextPrice
        ? planOfPrice(nextPrice)
        : null
    : null;
  const method = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer as string | { id: string }) ?? '',
    status: statusOf(sub.status),
    plan,
    currency: sub.currency.toUpperCase(),
    amountMinor: item.price.unit_amount ?? 0,
    billingAnchor: time(sub.billing_cycle_anchor),
    currentPeriodStart: time(item.current_period_start),
    currentPeriodEnd: time(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelRequestedAt: sub.cancel_at_period_end && sub.canceled_at ? time(sub.canceled_at) : null,
    endedAt: sub.ended_at ? time(sub.ended_at) : null,
    endReason:
      sub.status === 'canceled' || sub.status === 'incomplete_expired'
        ? sub.cancellation_details?.reason === 'payment_failed' ||
          sub.cancellation_details?.reason === 'payment_disputed'
          ? 'non_payment'
          : 'cancelled'
        : null,
    scheduledPlan: scheduledPlan && scheduledPlan !== plan ? scheduledPlan : null,
    paymentMethod: method
      ? { type: method.type, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null }
      : null,
  };
}

const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
]);
const scheduleEvents = new Set([
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
]);

/** A checkout or user id as billing makes them (UUIDs); anything else is not ours: null. */
function ownId(value: string | null | undefined): string | null {
  return value && z.uuid().safeParse(value).success ? value : null;
}

/** A verified Stripe event as a provider event; null for the types billing does not follow. */
export function providerEventOfStripe(event: Stripe.Event): ProviderEvent | null {
  const base = { provider: 'stripe' as const, id: event.id, type: event.type, checkout: null, invoice: null };
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    if (session.mode !== 'subscription') return null;
    return {
      ...base,
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      // Only ids of ours: another product on the same Stripe account may set metadata of its own.
      checkout: {
        checkoutId: ownId(session.metadata?.checkoutId),
        userId: ownId(session.client_reference_id),
      },
    };
  }
  if (subscriptionEvents.has(event.type)) {
    const sub = event.data.object as Stripe.Subscription;
    return { ...base, subscriptionId: sub.id, customerId: idOf(sub.customer as string | { id: string }) };
  }
  if (scheduleEvents.has(event.type)) {
    const schedule = event.data.object as Stripe.SubscriptionSchedule;
    const subscriptionId = idOf(schedule.subscription) ?? idOf(schedule.released_subscription);
    return subscriptionId
      ? { ...base, subscriptionId, customerId: idOf(schedule.customer as string | { id: string }) }
      : null;
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
    if (!subscriptionId || !invoice.id) return null;
    const paid = event.type === 'invoice.paid';
    return {
      ...base,
      subscriptionId,
      customerId: idOf(invoice.customer as string | { id: string } | null),
      invoice: {
        id: invoice.id,
        outcome: paid ? 'paid' : 'failed',
        amountMinor: paid ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        plan: null,
      },
    };
  }
  return null;
}
