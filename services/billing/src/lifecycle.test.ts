import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, type BillingHarness, startBillingHarness } from './testing/harness.ts';

// The whole subscription lifecycle through the HTTP calls and the local provider's checkout page,
// on PGlite with the in-process bus, the clock moved by hand.
let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const DAY = 86_400_000;

describe('a person from sign-up to a paid plan and back', () => {
  it('has no status after sign-up, starts the trial once, upgrades through the local checkout', async () => {
    h.clock.set('2026-01-31T09:00:00.000Z');
    const user = await h.register();
    const fresh = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ subscription_status: null, trial_available: true, has_access: false });

    const trial = await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    expect(trial.status).toBe(200);
    expect(trial.body).toMatchObject({
      subscription_status: 'freemium',
      plan_type: 'freemium',
      trial_end_date: '2026-03-02',
      days_remaining: 30,
      remaining_trial_tokens: 200_000,
      amount_minor: 0,
      has_access: true,
    });
    const again = await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRIAL_ALREADY_USED');

    h.clock.advance(10 * DAY);
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly?currency=CHF', user);
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ plan: 'monthly', currency: 'CHF', amount_minor: 1900 });
    expect(checkout.body.url).toBe(
      `${APP_URL}/api/v1/subscriptions/local-checkout/${checkout.body.checkout_id}`,
    );

    const paid = await h.payLocally(checkout.body.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP_URL}/subscription/success?plan=monthly`);

    const status = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(status.body).toMatchObject({
      subscription_status: 'monthly',
      plan_type: 'monthly',
      next_billing_date: '2026-03-10',
      renewal_date: '2026-03-10',
      amount_minor: 1900,
      currency: 'CHF',
      payment_method: { type: 'card', brand: 'visa', last4: '4242' },
      remaining_trial_tokens: null,
      trial_end_date: '2026-02-10',
      can_cancel: true,
    });
    const succeeded = await h.waitForEvent('billing.payment.succeeded', (e) => e.subject === user);
    expect(succeeded.data).toMatchObject({
      amountMinor: 1900,
      currency: 'CHF',
      plan: 'monthly',
      nextBillingDate: '2026-03-10',
    });
  });
});
