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
import { createEvent, ManualClock } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { exactBody } from '@innerview/kit/testing/exact-body';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.ts';
import { APP_URL, BILLING_WAIT_MS, type BillingHarness, startBillingHarness } from './testing/harness.ts';

// The billing service on the real PostgreSQL (DATABASE_URL): every call with the local provider,
// concurrent requests and sweeps under row locks, and Stripe webhooks replayed and reordered.
const DAY = 86_400_000;
let local: BillingHarness;
let stripeSide: BillingHarness;
let stripe: FakeStripe;
const databases: Array<{ drop(): Promise<void> }> = [];
const stripeClock = new ManualClock('2026-01-31T09:00:00.000Z');

beforeAll(async () => {
  const [first, second] = await Promise.all([
    createTestDatabase('iv_billing'),
    createTestDatabase('iv_billing'),
  ]);
  databases.push(first, second);
  local = await startBillingHarness({ env: { DATABASE_URL: first.url, JOBS: 'memory' } });
  stripe = await startFakeStripe({ clock: stripeClock });
  stripeSide = await startBillingHarness({
    clock: stripeClock,
    env: {
      DATABASE_URL: second.url,
      JOBS: 'memory',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
});

afterAll(async () => {
  await local?.stop();
  await stripeSide?.stop();
  await stripe?.close();
  for (const database of databases) await database.drop();
});

describe('every call on PostgreSQL (local provider)', () => {
  it('serves prices, trial, checkout, switch, cancel, reactivate, payment method, chat access and usage', async () => {
    const h = local;
    h.clock.set('2026-01-31T09:00:00.000Z');
    const prices = await h.call('GET', '/api/v1/subscriptions/local-prices?country=US');
    expect(exactBody(PricesResponse, prices.body)).toMatchObject({
      payment_provider: 'local',
      currency: 'USD',
      vat_included: true,
    });
    expect((await h.call('GET', '/api/v1/subscriptions/status')).status).toBe(401);
    const user = await h.register();
    const none = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(exactBody(SubscriptionStatusResponse, none.body).subscription_status).toBeNull();
    const refused = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    expect(ChatAccessDenied.parse(refused.body)).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      redirect_to: '/pricing',
    });

    // Two activations at once: one trial.
    const both = await Promise.all([
      h.call('POST', '/api/v1/subscriptions/freemium/activate', user),
      h.call('POST', '/api/v1/subscriptions/freemium/activate', user),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const trial = await h.call('GET', '/api/v1/subscriptions/freemium/status', user);
    expect(exactBody(FreemiumStatusResponse, trial.body)).toMatchObject({
      is_active: true,
      days_remaining: 30,
      trial_end_date: '2026-03-02',
    });
    expect(
      (await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=1000', user)).body
        .remaining_trial_tokens,
    ).toBe(199_000);
    const allowed = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    expect(exactBody(ChatAccessResponse, allowed.body)).toMatchObject({
      allowed: true,
      access: 'trial',
    });

    const options = await h.call('GET', '/api/v1/subscriptions/switch-options', user);
    expect(
      exactBody(SwitchOptionsResponse, options.body).options.find(
        (o: { plan: string }) => o.plan === 'monthly',
      ),
    ).toMatchObject({
      action: 'checkout',
      charge_now_minor: 1900,
      trial_days_lost: 30,
      trial_tokens_lost: 199_000,
      message: 'trial_to_monthly',
    });
    expect((await h.call('POST', '/api/v1/subscriptions/checkout/weekly', user)).status).toBe(422);
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    exactBody(CheckoutResponse, checkout.body);
    const page = await signedFetch(h.service, `${h.url}${new URL(checkout.body.url).pathname}?lang=de`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Monatsabo: CHF 19.00 pro Monat');
    // A cross-site form is refused before anything is charged.
    const crossSite = await signedFetch(h.service, `${h.url}${new URL(checkout.body.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'card_number=4242424242424242&expiry=12/34&cvc=123&form_token=x',
    });
    expect(crossSite.status).toBe(403);
    const paid = await h.payLocally(checkout.body.url);
    expect(paid.headers.get('location')).toBe(`${APP_URL}/subscription/success?plan=monthly`);
    // The same form sent again (back button) pays nothing twice.
    await h.payLocally(checkout.body.url);

    expect((await h.call('POST', '/api/v1/subscriptions/switch/yearly', user)).body.scheduled_plan).toBe(
      'yearly',
    );
    expect(
      (await h.call('POST', '/api/v1/subscriptions/switch/monthly', user)).body.scheduled_plan,
    ).toBeNull();
    expect((await h.call('POST', '/api/v1/subscriptions/switch/monthly', user)).body.code).toBe('SAME_PLAN');
    expect((await h.call('POST', '/api/v1/subscriptions/cancel', user)).body.subscription_status).toBe(
      'cancelling_at_period_end',
    );
    const reactivated = await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    expect(exactBody(ReactivateResponse, reactivated.body).subscription.subscription_status).toBe('monthly');
    const paymentMethod = await h.call('POST', '/api/v1/subscriptions/payment-method', user);
    expect(exactBody(UrlResponse, paymentMethod.body).url).toMatch(/local-checkout/);
    expect(
      (await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=5', user)).body
        .remaining_trial_tokens,
    ).toBeNull();
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', user)).body).toMatchObject({
      allowed: true,
      access: 'full',
    });
    await eventually(() => h.eventsOf('billing.payment.succeeded', user).length === 1, BILLING_WAIT_MS);
    await h.allDelivered();
    expect(h.eventsOf('billing.payment.succeeded', user)).toHaveLength(1);
  });

  it('runs the sweeps on a moved clock, concurrently, with each effect once', async () => {
    const h = local;
    h.clock.set('2026-04-01T08:00:00.000Z');
    const users = await Promise.all([h.register(), h.register(), h.register()]);
    for (const user of users) await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    h.clock.advance(28 * DAY);
    await Promise.all([h.sweep(), h.sweep(), h.sweep()]);
    await eventually(
      () => users.every((u) => h.eventsOf('billing.trial.ending', u).length === 1),
      BILLING_WAIT_MS,
    );
    h.clock.advance(2 * DAY);
    await Promise.all([h.sweep(), h.sweep()]);
    await eventually(
      () => users.every((u) => h.eventsOf('billing.trial.expired', u).length === 1),
      BILLING_WAIT_MS,
    );
    await h.allDelivered();
    for (const user of users) {
      expect(h.eventsOf('billing.trial.ending', user)).toHaveLength(1);
      expect(h.eventsOf('billing.trial.expired', user)).toHaveLength(1);
      expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body.subscription_status).toBe(
        'expired',
      );
    }
  });

  it('forgets the mail facts at erasure and cancels a paid plan at account deletion', async () => {
    const h = local;
    h.clock.set('2026-06-01T08:00:00.000Z');
    const user = await h.register();
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user)).body.url);
    await h.publish(
      createEvent('auth.user.deleted', user, { userId: user, eraseAfter: '2026-08-30T08:00:00.000Z' }),
    );
    await eventually(
      async () =>
        (await h.call('GET', '/api/v1/subscriptions/status', user)).body.subscription_status ===
        'cancelling_at_period_end',
      BILLING_WAIT_MS,
    );
    expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body.access_until).toBe('2026-07-01');
  });
});

describe('Stripe webhooks on PostgreSQL', () => {
  const h = () => stripeSide;
  const deliver = async (delivery: { payload: string; signature: string }) => {
    const response = await signedFetch(h().service, `${h().url}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    return (await response.json()).outcome as string;
  };

  it('applies a replayed or concurrent delivery once and converges whatever the order', async () => {
    stripeClock.set('2026-01-31T09:00:00.000Z');
    const user = await h().register();
    const checkout = await h().call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    const paid = stripe.completeCheckout(checkout.body.url.split('/').pop());
    const completed = stripe.event('checkout.session.completed', paid.session);
    const invoice = stripe.event('invoice.paid', paid.invoice);
    const created = stripe.event('customer.subscription.created', paid.subscription);
    // Reordered (invoice and created before the checkout event) and each sent several times at once.
    const outcomes = await Promise.all([
      deliver(invoice),
      deliver(created),
      deliver(invoice),
      deliver(completed),
      deliver(completed),
      deliver(created),
    ]);
    expect(outcomes.filter((o) => o === 'applied').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(3);
    // Events that came before the person was known are applied when they come again (Stripe retries).
    for (const delivery of [invoice, created, completed]) await deliver(delivery);
    const status = await h().call('GET', '/api/v1/subscriptions/status', user);
    expect(status.body).toMatchObject({ subscription_status: 'monthly', next_billing_date: '2026-02-28' });
    await eventually(() => h().eventsOf('billing.payment.succeeded', user).length === 1, BILLING_WAIT_MS);
    await h().allDelivered();
    expect(h().eventsOf('billing.payment.succeeded', user)).toHaveLength(1);
    expect(
      h()
        .eventsOf('billing.subscription.changed', user)
        .filter((e) => e.data.status === 'monthly'),
    ).toHaveLength(1);

    // Cancelled at the period end, with the "deleted" event arriving before the "updated" one.
    await h().call('POST', '/api/v1/subscriptions/cancel', user);
    const updated = stripe.event(
      'customer.subscription.updated',
      stripe.subscriptions.get(paid.subscription.id)!,
    );
    stripeClock.set('2026-02-28T09:00:00.000Z');
    const deleted = stripe.event('customer.subscription.deleted', stripe.endPeriod(paid.subscription.id));
    expect(await deliver(deleted)).toBe('applied');
    expect(await deliver(updated)).toBe('applied');
    expect((await h().call('GET', '/api/v1/subscriptions/status', user)).body).toMatchObject({
      subscription_status: 'cancelled',
      reactivate_until: '2026-05-29',
    });
    await eventually(
      () => h().eventsOf('billing.subscription.cancelled', user).length === 1,
      BILLING_WAIT_MS,
    );
  });
});
