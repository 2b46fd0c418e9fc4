import { createEvent, type Tx } from '@innerview/kit';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ProviderEvent } from '../adapters/providers/payment-provider.ts';
import type { BillingContext } from '../billing-context.ts';
import { checkouts, payments, providerEvents } from '../db/schema.ts';
import {
  findByProviderCustomer,
  findByProviderSubscription,
  lockSubscription,
  type SubscriptionInsert,
  type SubscriptionRow,
  stateOf,
} from '../db/subscriptions.ts';
import { isoDate } from '../domain/dates.ts';
import { isPaidPlan } from '../domain/plans.ts';
import { type ProviderSnapshot, syncWithProvider } from '../domain/provider-sync.ts';
import { commitChange, type Emit, mailFactsOf } from './commit.ts';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Whose event is it: the checkout's user, else the owner of the subscription or customer. */
async function ownerOf(tx: Tx, event: ProviderEvent): Promise<string | null> {
  if (event.checkout?.checkoutId) {
    const [checkout] = await tx
      .select({ userId: checkouts.userId })
      .from(checkouts)
      .where(and(eq(checkouts.id, event.checkout.checkoutId), eq(checkouts.provider, event.provider)));
    if (checkout) return checkout.userId;
  }
  if (event.subscriptionId) {
    const row = await findByProviderSubscription(tx, event.subscriptionId);
    if (row) return row.userId;
  }
  if (event.customerId) {
    const row = await findByProviderCustomer(tx, event.customerId);
    if (row) return row.userId;
  }
  return null;
}

/**
 * THE handling path of provider events, for Stripe webhooks and the local provider alike:
 * 1. the event id is stored in the same transaction as its effect (a duplicate finds it and stops);
 * 2. the user's row is locked, so events of one person apply one after the other;
 * 3. the provider's subscription is re-read now, under that lock, and the state is brought in line
 *    with it through the named transitions: order and duplicates of events do not matter;
 * 4. a paid invoice is recorded once (by its id) and announced by `billing.payment.succeeded`.
 */
export async function handleProviderEvent(
  billing: BillingContext,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const { service, provider } = billing;
  let duplicateSubscription: string | null = null;
  const outcome = await service.transaction(async (tx, emit): Promise<EventOutcome> => {
    const userId = await ownerOf(tx, event);
    // Not ours (another product on the same provider account, or a user erased long ago).
    if (!userId) return 'ignored';
    const stored = await tx
      .insert(providerEvents)
      .values({
        provider: event.provider,
        eventId: event.id,
        eventType: event.type,
        receivedAt: service.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (stored.length === 0) return 'duplicate';
    let row = await lockSubscription(tx, userId);
    if (!row) return 'ignored';
    if (event.checkout?.checkoutId)
      await tx
        .update(checkouts)
        .set({ status: 'completed', completedAt: service.clock.now() })
        .where(eq(checkouts.id, event.checkout.checkoutId));
    const subscriptionId = event.subscriptionId ?? row.providerSubscriptionId;
    const snapshot = subscriptionId ? await provider.retrieveSubscription(subscriptionId, { tx }) : null;
    if (snapshot) {
      const synced = await applySnapshot(billing, tx, emit, row, snapshot);
      row = synced.row;
      if (synced.duplicate) duplicateSubscription = snapshot.subscriptionId;
    }
    if (event.invoice) await recordInvoice(billing, tx, emit, row, event, snapshot);
    return 'applied';
  });
  if (duplicateSubscription) {
    // Two checkouts paid at once: keep the first subscription, end the second at the provider.
    service.log.warn({ provider: provider.kind }, 'second running subscription cancelled; refund it by hand');
    await provider.cancelNow(duplicateSubscription, `duplicate:${duplicateSubscription}`);
    await provider.flush();
  }
  return outcome;
}

export async function applySnapshot(
  billing: BillingContext,
  tx: Tx,
  emit: Emit,
  row: SubscriptionRow,
  snapshot: ProviderSnapshot,
): Promise<{ row: SubscriptionRow; duplicate: boolean }> {
  const isCurrent = row.providerSubscriptionId === snapshot.subscriptionId;
  const synced = syncWithProvider(stateOf(row), snapshot, {
    now: billing.service.clock.now(),
    isCurrent,
    graceDays: billing.config.PAST_DUE_GRACE_DAYS,
  });
  if (synced.duplicate) return { row, duplicate: true };
  const follows = isCurrent || synced.transitions.length > 0;
  if (!follows || snapshot.status === 'pending') return { row, duplicate: false };
  const scheduledPrice = snapshot.scheduledPlan
    ? (billing.config.BILLING_PRICES[snapshot.currency]?.[snapshot.scheduledPlan] ?? null)
    : null;
  const fields: Partial<SubscriptionInsert> = {
    provider: billing.provider.kind,
    providerSubscriptionId: snapshot.subscriptionId,
    providerCustomerId: snapshot.customerId,
    currency: snapshot.currency,
    amountMinor: snapshot.amountMinor,
    scheduledAmountMinor: synced.state.scheduledPlan ? scheduledPrice : null,
    paymentMethodType: snapshot.paymentMethod?.type ?? row.paymentMethodType,
    paymentMethodBrand: snapshot.paymentMethod ? snapshot.paymentMethod.brand : row.paymentMethodBrand,
    paymentMethodLast4: snapshot.paymentMethod ? snapshot.paymentMethod.last4 : row.paymentMethodLast4,
  };
  const unchanged =
    synced.transitions.length === 0 &&
    (Object.keys(fields) as Array<keyof typeof fields>).every((k) => row[k] === fields[k]);
  if (unchanged) return { row, duplicate: false };
  const saved = await commitChange(billing, tx, emit, row, {
    state: synced.state,
    transitions: synced.transitions,
    fields,
  });
  return { row: saved, duplicate: false };
}

/** One payment row per invoice and outcome; the first paid one of an invoice is announced. */
async function recordInvoice(
  billing: BillingContext,
  tx: Tx,
  emit: Emit,
  row: SubscriptionRow,
  event: ProviderEvent,
  snapshot: ProviderSnapshot | null,
): Promise<void> {
  const invoice = event.invoice!;
  const plan = invoice.plan ?? snapshot?.plan ?? (isPaidPlan(row.plan) ? row.plan : null);
  if (!plan) return;
  const now = billing.service.clock.now();
  const inserted = await tx
    .insert(payments)
    .values({
      id: uuidv7(),
      userId: row.userId,
      provider: event.provider,
      providerPaymentId: invoice.id,
      status: invoice.outcome === 'paid' ? 'succeeded' : 'failed',
      plan,
      amountMinor: invoice.amountMinor,
      currency: invoice.currency,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  const mail = mailFactsOf(row);
  if (inserted.length === 0 || invoice.outcome !== 'paid' || !mail) return;
  const renews = row.status === 'monthly' || row.status === 'yearly';
  await emit(
    createEvent(
      'billing.payment.succeeded',
      row.userId,
      {
        userId: row.userId,
        ...mail,
        amountMinor: invoice.amountMinor,
        currency: invoice.currency,
        plan,
        nextBillingDate: renews && row.currentPeriodEnd ? isoDate(row.currentPeriodEnd) : null,
      },
      { occurredAt: now.toISOString() },
    ),
  );
}
