import type { Clock, Logger } from '@innerview/kit';
import Stripe from 'stripe';
import type { PaidPlan } from '../../../domain/plans.ts';
import type { WebhookVerifier } from '../../../routes/webhook-routes.ts';
import type { PaymentProvider, ProviderPrice } from '../payment-provider.ts';
import { lookupKey, planOfPrice, providerEventOfStripe, snapshotOfStripe } from './stripe-mapping.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (a test double); the real API when absent. */
  apiUrl?: string;
  clock: Clock;
  log: Logger;
}

/** Stripe prices change rarely; they are read again after this long. */
const PRICE_CACHE_MS = 5 * 60 * 1000;

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  verifyWebhook: WebhookVerifier;
}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const isMissing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

/**
 * The Stripe adapter: Checkout Sessions in subscription mode, subscription schedules for plan
 * changes at the next billing cycle, cancel at period end, the customer portal for a new card,
 * webhooks verified with `constructEvent`. Every write carries an idempotency key.
 */
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(options.secretKey, clientOptions(options.apiUrl));
  const priceCache = new Map<string, { at: number; prices: Array<ProviderPrice & { id: string }> }>();
  const planByPriceId = new Map<string, PaidPlan>();

  const pricesFor = async (currency: string) => {
    const cached = priceCache.get(currency);
    const now = options.clock.now().getTime();
    if (cached && now - cached.at < PRICE_CACHE_MS) return cached.prices;
    const list = await stripe.prices.list({
      lookup_keys: [lookupKey('monthly', currency), lookupKey('yearly', currency)],
      active: true,
      limit: 10,
    });
    const prices = list.data.flatMap((price) => {
      const plan = planOfPrice(price);
      if (!plan || price.unit_amount == null) return [];
      planByPriceId.set(price.id, plan);
      return [{ id: price.id, plan, currency: price.currency.toUpperCase(), amountMinor: price.unit_amount }];
    });
    priceCache.set(currency, { at: now, prices });
    return prices;
  };

  const priceId = async (plan: PaidPlan, currency: string) => {
    const found = (await pricesFor(currency)).find((p) => p.plan === plan);
    if (!found) throw new Error(`no Stripe price with lookup key ${lookupKey(plan, currency)}`);
    return found.id;
  };

  const retrieve = (id: string) =>
    stripe.subscriptions.retrieve(id, { expand: ['default_payment_method', 'schedule'] });

  const scheduleIdOf = (sub: Stripe.Subscription) =>
    typeof sub.schedule === 'string' ? sub.schedule : (sub.schedule?.id ?? null);

  /** A schedule holds a subscription's future phases; it must be released before a cancellation. */
  const release = async (sub: Stripe.Subscription, key: string) => {
    const scheduleId = scheduleIdOf(sub);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: key });
  };

  return {
    kind: 'stripe',

    async listPrices(currency) {
      return (await pricesFor(currency)).map(({ plan, currency: c, amountMinor }) => ({
        plan,
        currency: c,
        amountMinor,
      }));
    },

    async createCheckout(request) {
      let customerId = request.customerId;
      if (!customerId) {
        const customer = await stripe.customers.create(
          { ...(request.email ? { email: request.email } : {}), metadata: { userId: request.userId } },
          { idempotencyKey: `customer:${request.userId}` },
        );
        customerId = customer.id;
      }
      const separator = request.successUrl.includes('?') ? '&' : '?';
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: request.userId,
          line_items: [{ price: await priceId(request.plan, request.currency), quantity: 1 }],
          metadata: { checkoutId: request.checkoutId, userId: request.userId, plan: request.plan },
          subscription_data: { metadata: { userId: request.userId } },
          success_url: `${request.successUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, providerCheckoutId: session.id, customerId };
    },

    async retrieveSubscription(id) {
      try {
        const sub = await retrieve(id);
        return snapshotOfStripe(sub, (price) => planByPriceId.get(price) ?? null);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async schedulePlanChange(id, plan, key) {
      const sub = await retrieve(id);
      const item = sub.items.data[0];
      if (!item) throw new Error('subscription without items');
      if (sub.cancel_at_period_end)
        await stripe.subscriptions.update(
          id,
          { cancel_at_period_end: false },
          { idempotencyKey: `${key}:resume` },
        );
      const scheduleId =
        scheduleIdOf(sub) ??
        (
          await stripe.subscriptionSchedules.create(
            { from_subscription: id },
            { idempotencyKey: `${key}:schedule` },
          )
        ).id;
      const nextPrice = await priceId(plan, sub.currency.toUpperCase());
      await stripe.subscriptionSchedules.update(
        scheduleId,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: [{ price: item.price.id, quantity: 1 }],
              start_date: item.current_period_start,
              end_date: item.current_period_end,
            },
            {
              items: [{ price: nextPrice, quantity: 1 }],
              duration: { interval: plan === 'yearly' ? 'year' : 'month', interval_count: 1 },
            },
          ],
        },
        { idempotencyKey: key },
      );
    },

    async dropPlanChange(id, key) {
      await release(await retrieve(id), key);
    },

    async cancelAtPeriodEnd(id, _reason, key) {
      // The reason stays with us: free text a person typed is not sent to a third party.
      const sub = await retrieve(id);
      await release(sub, `${key}:release`);
      await stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey: key });
    },

    async resume(id, key) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: false }, { idempotencyKey: key });
    },

    async cancelNow(id, key) {
      try {
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey: key });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async paymentMethodUpdateUrl(request) {
      const session = await stripe.billingPortal.sessions.create(
        {
          customer: request.customerId,
          return_url: request.returnUrl,
          flow_data: { type: 'payment_method_update' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return session.url;
    },

    // Stripe renews, switches and cancels by itself; the sweep re-reads the subscription after this.
    async settlePeriodEnd() {},
    async flush() {},
    async forgetPerson(_userId, pseudonym, _context, record) {
      if (!record.customerId) return null;
      // Stripe removes a field or a metadata key set to ''. The customer stays: deleting it would
      // end a subscription the pseudonymous record still follows to the end of its cycle.
      try {
        await stripe.customers.update(
          record.customerId,
          { email: '', name: '', metadata: { userId: '' } },
          { idempotencyKey: `erase:${pseudonym}:customer` },
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Checkout gave each subscription `metadata.userId` too (subscription_data).
      for await (const sub of stripe.subscriptions.list({
        customer: record.customerId,
        status: 'all',
        limit: 100,
      })) {
        if (!sub.metadata?.userId) continue;
        await stripe.subscriptions.update(
          sub.id,
          { metadata: { userId: '' } },
          { idempotencyKey: `erase:${pseudonym}:${sub.id}` },
        );
      }
      return null;
    },

    verifyWebhook(raw, signature) {
      const event = stripe.webhooks.constructEvent(raw, signature, options.webhookSecret);
      return providerEventOfStripe(event);
    },
  };
}
