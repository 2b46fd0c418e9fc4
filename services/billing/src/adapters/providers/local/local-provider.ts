import type { Clock, Db, Logger, Queryable } from '@innerview/kit';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type BillingConfig, publicApiUrl } from '../../../config.ts';
import {
  checkouts,
  localProviderEvents,
  localProviderIdempotency,
  localProviderSubscriptions,
} from '../../../db/schema.ts';
import { firstPeriodEnd, nextPeriodEnd } from '../../../domain/dates.ts';
import { isPaidPlan, type PaidPlan } from '../../../domain/plans.ts';
import type { ProviderSnapshot } from '../../../domain/provider-sync.ts';
import { type CardCheck, checkCard } from '../../../domain/test-cards.ts';
import type { PaymentProvider, ProviderCallContext, ProviderEvent } from '../payment-provider.ts';

type LocalSubscription = typeof localProviderSubscriptions.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

export interface LocalProviderOptions {
  db: Db;
  clock: Clock;
  config: BillingConfig;
  log: Logger;
}

export type PayResult =
  | { ok: true; checkout: CheckoutRow }
  | { ok: false; reason: 'not_found' | 'closed' }
  | { ok: false; reason: 'card'; card: Extract<CardCheck, { ok: false }>; checkout: CheckoutRow };

/** The local provider plus what its checkout page needs. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** Where its events go: billing's one handling path. */
  attach(handler: (event: ProviderEvent) => Promise<unknown>): void;
  /** An open checkout of this provider, for the page (undefined when unknown). */
  findCheckout(checkoutId: string): Promise<CheckoutRow | undefined>;
  /** A fresh anti-forgery token for the page's form. */
  issueFormToken(checkoutId: string): Promise<string>;
  /** Pays a checkout with a test card (or sets a new card); events are delivered before it returns. */
  pay(checkoutId: string, card: { number: string; expiry: string; cvc: string }): Promise<PayResult>;
}

const localId = (prefix: string) => `${prefix}_${uuidv7().replace(/-/g, '')}`;
/** The local provider's customer: one per user, named after the user id (as billing knows it). */
const customerIdOf = (userId: string) => `lcus_${userId.replace(/-/g, '')}`;

/**
 * The local payment provider of the embedded mode: it keeps subscriptions, charges test cards and
 * sends events the way Stripe does, in billing's database, so the whole lifecycle can be tried
 * without Stripe. Its events reach billing through the same handler as Stripe's webhooks.
 */
export function createLocalProvider(options: LocalProviderOptions): LocalPaymentProvider {
  const { db, clock, config, log } = options;
  let handler: ((event: ProviderEvent) => Promise<unknown>) | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const priceOf = (currency: string, plan: PaidPlan) => config.BILLING_PRICES[currency]?.[plan] ?? 0;

  const record = async (q: Queryable, event: Omit<ProviderEvent, 'provider' | 'id'>) => {
    const id = localId('levt');
    const payload: ProviderEvent = { provider: 'local', id, ...event };
    await q.insert(localProviderEvents).values({ id, type: event.type, payload, createdAt: clock.now() });
  };

  const subscriptionEvent = (q: Queryable, type: string, sub: LocalSubscription) =>
    record(q, { type, subscriptionId: sub.id, customerId: sub.customerId, checkout: null, invoice: null });

  const invoiceEvent = (
    q: Queryable,
    sub: LocalSubscription,
    outcome: 'paid' | 'failed',
    invoiceId: string,
    extra = {},
  ) =>
    record(q, {
      type: outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      subscriptionId: sub.id,
      customerId: sub.customerId,
      checkout: null,
      invoice: {
        id: invoiceId,
        outcome,
        amountMinor: sub.amountMinor,
        currency: sub.currency,
        plan: sub.plan as PaidPlan,
      },
      ...extra,
    });

  /** Runs `work` once per idempotency key (in the caller's transaction when there is one). */
  const once = async (
    key: string,
    context: ProviderCallContext | undefined,
    work: (q: Queryable) => Promise<void>,
  ) => {
    const run = async (q: Queryable) => {
      const claimed = await q
        .insert(localProviderIdempotency)
        .values({ key, response: {}, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ key: localProviderIdempotency.key });
      if (claimed.length === 1) await work(q);
    };
    if (context?.tx) await run(context.tx);
    else await db.transaction(run);
  };

  const update = async (q: Queryable, id: string, fields: Partial<LocalSubscription>) => {
    const [row] = await q
      .update(localProviderSubscriptions)
      .set({ ...fields, updatedAt: clock.now() })
      .where(eq(localProviderSubscriptions.id, id))
      .returning();
    return row;
  };

  const lock = async (q: Queryable, id: string) => {
    const [row] = await q
      .select()
      .from(localProviderSubscriptions)
      .where(eq(localProviderSubscriptions.id, id))
      .for('update');
    return row;
  };

  const snapshotOf = (sub: LocalSubscription): ProviderSnapshot => ({
    subscriptionId: sub.id,
    customerId: sub.customerId,
    status: sub.status,
    plan: sub.plan as PaidPlan,
    currency: sub.currency,
    amountMinor: sub.amountMinor,
    billingAnchor: sub.billingAnchor,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelRequestedAt: sub.cancelRequestedAt,
    endedAt: sub.endedAt,
    endReason: sub.endReason === 'non_payment' ? 'non_payment' : sub.endReason ? 'cancelled' : null,
    scheduledPlan: isPaidPlan(sub.scheduledPlan) ? sub.scheduledPlan : null,
    paymentMethod: { type: 'card', brand: sub.cardBrand, last4: sub.cardLast4 },
  });

  const checkoutUrl = (checkoutId: string) =>
    `${publicApiUrl(config)}/api/v1/subscriptions/local-checkout/${checkoutId}`;

  const deliverPending = async () => {
    if (!handler) return;
    for (;;) {
      const pending = await db
        .select()
        .from(localProviderEvents)
        .where(isNull(localProviderEvents.deliveredAt))
        .orderBy(asc(localProviderEvents.createdAt), asc(localProviderEvents.id))
        .limit(50);
      if (pending.length === 0) return;
      for (const event of pending) {
        await handler(event.payload as ProviderEvent);
        await db
          .update(localProviderEvents)
          .set({ deliveredAt: clock.now() })
          .where(eq(localProviderEvents.id, event.id));
      }
    }
  };

  /** Charges the renewals that are due, switches scheduled plans, ends cancelled subscriptions. */
  const settle = async (q: Queryable, id: string, now: Date) => {
    let sub = await lock(q, id);
    // At most a few years of missed renewals are caught up in one go.
    for (let i = 0; sub && i < 36 && sub.status === 'active' && sub.currentPeriodEnd <= now; i++) {
      if (sub.cancelAtPeriodEnd) {
        sub = await update(q, id, {
          status: 'canceled',
          endedAt: sub.currentPeriodEnd,
          endReason: 'cancelled',
        });
        await subscriptionEvent(q, 'customer.subscription.deleted', sub!);
        return;
      }
      const plan = isPaidPlan(sub.scheduledPlan) ? sub.scheduledPlan : (sub.plan as PaidPlan);
      const invoiceId = `lin_${sub.id}_${sub.currentPeriodEnd.getTime()}`;
      const next = {
        plan,
        amountMinor: priceOf(sub.currency, plan),
        scheduledPlan: null,
        currentPeriodStart: sub.currentPeriodEnd,
        currentPeriodEnd: nextPeriodEnd(sub.billingAnchor, sub.currentPeriodEnd, plan),
      };
      if (sub.cardBehaviour === 'decline_renewals') {
        sub = await update(q, id, { ...next, status: 'past_due' });
        await invoiceEvent(q, sub!, 'failed', invoiceId);
        await subscriptionEvent(q, 'customer.subscription.updated', sub!);
        return;
      }
      sub = await update(q, id, next);
      await invoiceEvent(q, sub!, 'paid', invoiceId);
      await subscriptionEvent(q, 'customer.subscription.updated', sub!);
    }
  };

  const provider: LocalPaymentProvider = {
    kind: 'local',

    attach(next) {
      handler = next;
    },

    async listPrices(currency) {
      const prices = config.BILLING_PRICES[currency];
      if (!prices) return [];
      return (['monthly', 'yearly'] as const).map((plan) => ({ plan, currency, amountMinor: prices[plan] }));
    },

    async createCheckout(request) {
      return {
        url: checkoutUrl(request.checkoutId),
        providerCheckoutId: `lcs_${request.checkoutId.replace(/-/g, '')}`,
        customerId: request.customerId ?? customerIdOf(request.userId),
      };
    },

    async paymentMethodUpdateUrl(request) {
      return checkoutUrl(request.checkoutId);
    },

    async retrieveSubscription(id, context) {
      const [sub] = await (context?.tx ?? db)
        .select()
        .from(localProviderSubscriptions)
        .where(eq(localProviderSubscriptions.id, id));
      return sub ? snapshotOf(sub) : null;
    },

    async schedulePlanChange(id, plan, key, context) {
      await once(key, context, async (q) => {
        const sub = await lock(q, id);
        if (!sub || sub.status === 'canceled') throw new Error('no such running subscription');
        const updated = await update(q, id, {
          scheduledPlan: plan === sub.plan ? null : plan,
          cancelAtPeriodEnd: false,
          cancelRequestedAt: null,
        });
        await subscriptionEvent(q, 'customer.subscription.updated', updated!);
      });
    },

    async dropPlanChange(id, key, context) {
      await once(key, context, async (q) => {
        const updated = await update(q, id, { scheduledPlan: null });
        if (updated) await subscriptionEvent(q, 'customer.subscription.updated', updated);
      });
    },

    async cancelAtPeriodEnd(id, _reason, key, context) {
      await once(key, context, async (q) => {
        const updated = await update(q, id, {
          cancelAtPeriodEnd: true,
          cancelRequestedAt: clock.now(),
          scheduledPlan: null,
        });
        if (updated) await subscriptionEvent(q, 'customer.subscription.updated', updated);
      });
    },

    async resume(id, key, context) {
      await once(key, context, async (q) => {
        const updated = await update(q, id, { cancelAtPeriodEnd: false, cancelRequestedAt: null });
        if (updated) await subscriptionEvent(q, 'customer.subscription.updated', updated);
      });
    },

    async cancelNow(id, key, context) {
      await once(key, context, async (q) => {
        const sub = await lock(q, id);
        if (!sub || sub.status === 'canceled') return;
        const updated = await update(q, id, {
          status: 'canceled',
          endedAt: clock.now(),
          endReason: sub.status === 'past_due' ? 'non_payment' : 'cancelled',
        });
        await subscriptionEvent(q, 'customer.subscription.deleted', updated!);
      });
    },

    async forgetPerson(userId, pseudonym, context) {
      const q = context.tx ?? db;
      const customerId = customerIdOf(userId);
      await q
        .delete(localProviderEvents)
        .where(
          and(
            isNotNull(localProviderEvents.deliveredAt),
            or(
              sql`${localProviderEvents.payload}->>'customerId' = ${customerId}`,
              sql`${localProviderEvents.payload}->'checkout'->>'userId' = ${userId}`,
            ),
          ),
        );
      // Its payments' idempotency keys name the person's checkouts (deleted after this by billing).
      const paid = await q.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.userId, userId));
      if (paid.length > 0)
        await q.delete(localProviderIdempotency).where(
          inArray(
            localProviderIdempotency.key,
            paid.map((c) => `pay:${c.id}`),
          ),
        );
      // Its customer id is made of the user id: the record moves to one made of the pseudonym.
      const pseudonymousCustomer = customerIdOf(pseudonym);
      await q
        .update(localProviderSubscriptions)
        .set({ userId: pseudonym, customerId: pseudonymousCustomer, cardLast4: '', updatedAt: clock.now() })
        .where(eq(localProviderSubscriptions.userId, userId));
      return pseudonymousCustomer;
    },

    async settlePeriodEnd(id, now) {
      await db.transaction((tx) => settle(tx, id, now));
      await provider.flush();
    },

    flush() {
      // One delivery run at a time, in order; a failed run leaves its events for the next one.
      flushing = flushing.then(deliverPending).catch((error: unknown) => {
        log.warn(
          { error: error instanceof Error ? error.name : 'unknown' },
          'local provider event delivery failed',
        );
      });
      return flushing;
    },

    async findCheckout(checkoutId) {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.provider, 'local')));
      return row;
    },

    async issueFormToken(checkoutId) {
      const [row] = await db
        .select({ formToken: checkouts.formToken })
        .from(checkouts)
        .where(eq(checkouts.id, checkoutId));
      if (row?.formToken) return row.formToken;
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
      await db.update(checkouts).set({ formToken: token }).where(eq(checkouts.id, checkoutId));
      return token;
    },

    async pay(checkoutId, cardInput) {
      const now = clock.now();
      const checkout = await provider.findCheckout(checkoutId);
      if (!checkout) return { ok: false, reason: 'not_found' };
      const paidKey = `pay:${checkoutId}`;
      const [alreadyPaid] = await db
        .select({ key: localProviderIdempotency.key })
        .from(localProviderIdempotency)
        .where(eq(localProviderIdempotency.key, paidKey));
      // A second submit of a paid form (double click, back button) pays nothing twice.
      if (alreadyPaid) return { ok: true, checkout };
      if (checkout.status !== 'open' || checkout.expiresAt <= now) return { ok: false, reason: 'closed' };
      const card = checkCard(cardInput, now);
      if (!card.ok) {
        if (card.problem === 'declined')
          await db
            .update(checkouts)
            .set({ declines: checkout.declines + 1 })
            .where(eq(checkouts.id, checkoutId));
        return { ok: false, reason: 'card', card, checkout };
      }
      let declined = false;
      await once(paidKey, undefined, async (q) => {
        if (checkout.purpose === 'subscribe') {
          const plan = checkout.plan as PaidPlan;
          const [sub] = await q
            .insert(localProviderSubscriptions)
            .values({
              id: localId('lsub'),
              customerId: customerIdOf(checkout.userId),
              userId: checkout.userId,
              plan,
              currency: checkout.currency,
              amountMinor: checkout.amountMinor,
              status: 'active',
              billingAnchor: now,
              currentPeriodStart: now,
              currentPeriodEnd: firstPeriodEnd(now, plan),
              cardBrand: card.brand,
              cardLast4: card.last4,
              cardBehaviour: card.behaviour,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await record(q, {
            type: 'checkout.session.completed',
            subscriptionId: sub!.id,
            customerId: sub!.customerId,
            checkout: { checkoutId, userId: checkout.userId },
            invoice: null,
          });
          await invoiceEvent(q, sub!, 'paid', localId('lin'));
          return;
        }
        // A new payment method for the running subscription; an overdue invoice is retried with it.
        const [sub] = await q
          .select()
          .from(localProviderSubscriptions)
          .where(
            and(
              eq(localProviderSubscriptions.userId, checkout.userId),
              ne(localProviderSubscriptions.status, 'canceled'),
            ),
          )
          .for('update');
        if (!sub) {
          declined = true;
          return;
        }
        const updated = await update(q, sub.id, {
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardBehaviour: card.behaviour,
          ...(sub.status === 'past_due' && card.behaviour === 'succeed' ? { status: 'active' as const } : {}),
        });
        if (sub.status === 'past_due') {
          const invoiceId = `lin_${sub.id}_${sub.currentPeriodStart.getTime()}`;
          await invoiceEvent(q, updated!, card.behaviour === 'succeed' ? 'paid' : 'failed', invoiceId);
        }
        await record(q, {
          type: 'customer.subscription.updated',
          subscriptionId: sub.id,
          customerId: sub.customerId,
          checkout: { checkoutId, userId: checkout.userId },
          invoice: null,
        });
      });
      if (declined) return { ok: false, reason: 'closed' };
      await provider.flush();
      return { ok: true, checkout };
    },
  };
  return provider;
}
