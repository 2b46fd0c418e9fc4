import { createEvent, ManualClock } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from './db/schema.ts';
import { findSubscription } from './db/subscriptions.ts';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.ts';
import { APP_URL, BILLING_WAIT_MS, type BillingHarness, startBillingHarness } from './testing/harness.ts';

// The Stripe adapter against a local server speaking the Stripe API subset it uses, with webhook
// fixtures signed by generateTestHeaderString. PGlite and the in-process bus.
let h: BillingHarness;
let stripe: FakeStripe;
const clock = new ManualClock('2026-01-31T09:00:00.000Z');

beforeAll(async () => {
  stripe = await startFakeStripe({ clock });
  h = await startBillingHarness({
    clock,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await stripe?.close();
});

async function deliver(delivery: { payload: string; signature: string }) {
  const response = await signedFetch(h.service, `${h.url}/api/v1/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.payload,
  });
  return { status: response.status, body: await response.json() };
}

/** A registered person who paid for `plan` at Stripe Checkout, with the webhooks delivered. */
async function subscribed(plan: 'monthly' | 'yearly' = 'monthly') {
  const user = await h.register();
  const checkout = await h.call('POST', `/api/v1/subscriptions/checkout/${plan}`, user);
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.url.split('/').pop();
  const paid = stripe.completeCheckout(sessionId);
  await deliver(stripe.event('checkout.session.completed', paid.session));
  await deliver(stripe.event('invoice.paid', paid.invoice));
  return { user, subscriptionId: paid.subscription.id as string, checkout: checkout.body };
}

const status = async (user: string) => (await h.call('GET', '/api/v1/subscriptions/status', user)).body;

describe('the Stripe adapter', () => {
  it('answers the prices Stripe charges, and not the local ones', async () => {
    const prices = await h.call('GET', '/api/v1/subscriptions/stripe-prices?currency=EUR');
    expect(prices.body).toMatchObject({ payment_provider: 'stripe', currency: 'EUR' });
    expect(
      prices.body.prices.map((p: { plan: string; amount_minor: number }) => [p.plan, p.amount_minor]),
    ).toEqual([
      ['freemium', 0],
      ['monthly', 1900],
      ['yearly', 19000],
    ]);
    expect((await h.call('GET', '/api/v1/subscriptions/local-prices')).status).toBe(404);
  });

  it('opens a Checkout Session in subscription mode with idempotency keys, and starts the plan from the webhooks', async () => {
    clock.set('2026-01-31T09:00:00.000Z');
    const before = stripe.requests.length;
    const { user, subscriptionId, checkout } = await subscribed();
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(checkout.url.split('/').pop())!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user,
      metadata: { checkoutId: checkout.checkout_id, userId: user, plan: 'monthly' },
      success_url: `${APP_URL}/subscription/success?plan=monthly&session_id={CHECKOUT_SESSION_ID}`,
    });
    const writes = stripe.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    expect(writes.map((r) => r.idempotencyKey)).toEqual([
      `customer:${user}`,
      `checkout:${checkout.checkout_id}`,
    ]);

    expect(await status(user)).toMatchObject({
      subscription_status: 'monthly',
      payment_provider: 'stripe',
      next_billing_date: '2026-02-28',
      amount_minor: 1900,
      currency: 'CHF',
      payment_method: { type: 'card', brand: 'visa', last4: '4242' },
    });
    await eventually(() => h.eventsOf('billing.payment.succeeded', user).length === 1, BILLING_WAIT_MS);
    expect(subscriptionId).toMatch(/^sub_/);
  });

  it('ignores a validly signed foreign checkout whose checkoutId is no id of ours (200, not 500)', async () => {
    const foreign = {
      id: 'cs_test_foreign_1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_foreign_1',
      customer: 'cus_foreign_1',
      client_reference_id: 'not-a-uuid',
      metadata: { checkoutId: 'order-4711' },
    };
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      const answer = await deliver(stripe.event(type, foreign));
      expect(answer).toEqual({ status: 200, body: expect.objectContaining({ outcome: 'ignored' }) });
    }
  });

  it('applies each event once: a replayed delivery is a duplicate, a bad signature changes nothing', async () => {
    clock.set('2026-02-10T09:00:00.000Z');
    const { user } = await subscribed();
    const sub = [...stripe.subscriptions.values()].at(-1)!;
    const paid = stripe.event('invoice.paid', { ...stripe.renew(sub.id).invoice });
    expect((await deliver(paid)).body.outcome).toBe('applied');
    expect((await deliver(paid)).body.outcome).toBe('duplicate');
    await eventually(() => h.eventsOf('billing.payment.succeeded', user).length === 2, BILLING_WAIT_MS);
    await h.allDelivered();
    expect(h.eventsOf('billing.payment.succeeded', user)).toHaveLength(2);

    const forged = stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' });
    const tampered = await deliver({
      payload: forged.payload,
      // Change the first hex digit of the signature to a different one (never to itself).
      signature: forged.signature.replace(
        /v1=([0-9a-f])/,
        (_all, digit) => `v1=${digit === '0' ? '1' : '0'}`,
      ),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await signedFetch(h.service, `${h.url}/api/v1/webhooks/stripe`, {
      method: 'POST',
      body: forged.payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await status(user)).subscription_status).toBe('monthly');
  });

  it('schedules a plan change with a subscription schedule, renews into it even when events come out of order', async () => {
    clock.set('2026-03-31T09:00:00.000Z');
    const { user, subscriptionId } = await subscribed();
    const before = stripe.requests.length;
    const switched = await h.call('POST', '/api/v1/subscriptions/switch/yearly', user);
    expect(switched.body).toMatchObject({
      subscription_status: 'monthly',
      scheduled_plan: 'yearly',
      scheduled_change_date: '2026-04-30',
    });
    const writes = stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.path)).toEqual([
      '/v1/subscription_schedules',
      expect.stringMatching(/^\/v1\/subscription_schedules\/sub_sched_/),
    ]);
    expect(writes.every((r) => r.idempotencyKey?.startsWith(`schedule-yearly:${subscriptionId}:`))).toBe(
      true,
    );
    const schedule = stripe.schedules.get(stripe.subscriptions.get(subscriptionId)!.schedule)!;
    expect(schedule.phases).toHaveLength(2);
    expect(schedule.phases[1].start_date).toBe(Date.parse('2026-04-30T09:00:00Z') / 1000);

    const staleUpdate = stripe.event('customer.subscription.updated', {
      ...stripe.subscriptions.get(subscriptionId),
    });
    clock.set('2026-04-30T09:00:00.000Z');
    const renewal = stripe.renew(subscriptionId);
    // The invoice arrives first, then an "updated" event carrying the old period: both re-read Stripe.
    expect((await deliver(stripe.event('invoice.paid', renewal.invoice))).body.outcome).toBe('applied');
    await deliver(staleUpdate);
    expect(await status(user)).toMatchObject({
      subscription_status: 'yearly',
      scheduled_plan: null,
      amount_minor: 19000,
      next_billing_date: '2027-04-30',
    });
  });

  it('cancels at period end (releasing a schedule first), reactivates, and ends when Stripe ends it', async () => {
    clock.set('2026-05-31T09:00:00.000Z');
    const { user, subscriptionId } = await subscribed();
    await h.call('POST', '/api/v1/subscriptions/switch/yearly', user);
    const cancelled = await h.call('POST', '/api/v1/subscriptions/cancel', user);
    expect(cancelled.body).toMatchObject({
      subscription_status: 'cancelling_at_period_end',
      scheduled_plan: null,
    });
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({
      cancel_at_period_end: true,
      schedule: null,
    });
    await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    await h.call('POST', '/api/v1/subscriptions/cancel', user);

    clock.set('2026-06-30T09:00:00.000Z');
    const ended = stripe.endPeriod(subscriptionId);
    await deliver(stripe.event('customer.subscription.deleted', ended));
    expect(await status(user)).toMatchObject({
      subscription_status: 'cancelled',
      reactivate_until: '2026-09-28',
    });
  });

  it('turns a failed renewal into past_due and sends the person to the customer portal', async () => {
    clock.set('2026-07-15T09:00:00.000Z');
    const { user, subscriptionId } = await subscribed();
    clock.set('2026-08-15T09:00:00.000Z');
    const failed = stripe.renew(subscriptionId, { fail: true });
    await deliver(stripe.event('invoice.payment_failed', failed.invoice));
    expect(await status(user)).toMatchObject({ subscription_status: 'past_due', access_until: '2026-08-22' });
    await h.waitForEvent('billing.payment.failed', (e) => e.subject === user);
    const portal = await h.call('POST', '/api/v1/subscriptions/payment-method', user);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\//);
    const request = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(request.body).toMatchObject({ flow_data: { type: 'payment_method_update' } });
  });

  it('re-reads Stripe at the period end when webhooks were lost (the sweep)', async () => {
    clock.set('2026-09-30T09:00:00.000Z');
    const { user, subscriptionId } = await subscribed();
    clock.set('2026-10-30T10:00:00.000Z');
    stripe.renew(subscriptionId);
    expect((await status(user)).next_billing_date).toBe('2026-10-30');
    await h.sweep();
    expect((await status(user)).next_billing_date).toBe('2026-11-30');
  });

  it('at the erasure clears the address and the user id Stripe was given, and still follows the pseudonymous subscription', async () => {
    clock.set('2026-11-02T09:00:00.000Z');
    const { user, subscriptionId } = await subscribed();
    const customerId = stripe.subscriptions.get(subscriptionId)!.customer as string;
    expect(stripe.customers.get(customerId)).toMatchObject({
      email: expect.stringContaining('@example.com'),
      metadata: { userId: user },
    });
    expect(stripe.subscriptions.get(subscriptionId)!.metadata).toEqual({ userId: user });

    await h.publish(createEvent('auth.user.erased', user, { userId: user }));
    await eventually(
      async () => (await findSubscription(h.service.ctx.db, user)) === undefined,
      BILLING_WAIT_MS,
    );

    expect(stripe.customers.get(customerId)).toMatchObject({ email: null, metadata: {} });
    expect(stripe.customers.get(customerId)!.name ?? null).toBeNull();
    expect(stripe.subscriptions.get(subscriptionId)!.metadata).toEqual({});
    // Nothing sent to Stripe at the erasure names the person.
    const erasure = stripe.requests.filter((r) => r.idempotencyKey?.startsWith('erase:'));
    expect(erasure.map((r) => r.path)).toEqual([
      `/v1/customers/${customerId}`,
      `/v1/subscriptions/${subscriptionId}`,
    ]);
    expect(JSON.stringify(erasure)).not.toContain(user);

    // The record, now under a pseudonym, still ends when Stripe ends the subscription.
    clock.set('2026-12-02T09:00:00.000Z');
    const ended = stripe.endPeriod(subscriptionId);
    expect((await deliver(stripe.event('customer.subscription.deleted', ended))).status).toBe(200);
    const [kept] = await h.service.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(kept).toMatchObject({ status: 'cancelled', erasedAt: expect.any(Date), email: null });
    expect(kept!.userId).not.toBe(user);
  });
});
