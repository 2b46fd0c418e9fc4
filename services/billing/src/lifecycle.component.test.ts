import { eventually } from '@innerview/kit/testing/eventually';
import { describe, expect, it } from 'vitest';
import { APP_URL, BILLING_WAIT_MS, type BillingHarness, useBillingHarness } from './testing/harness.ts';

// The whole subscription lifecycle through the HTTP calls and the local provider's checkout page,
// on PGlite with the in-process bus, the clock moved by hand.
let h: BillingHarness;
useBillingHarness((harness) => {
  h = harness;
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

  it('switches to yearly at the period end, cancels, reactivates, then renews as yearly on the anchor day', async () => {
    h.clock.set('2026-01-31T09:00:00.000Z');
    const user = await h.register({ language: 'de' });
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user, undefined, {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(checkout.body.currency).toBe('EUR');
    expect((await h.payLocally(checkout.body.url)).status).toBe(303);

    const options = await h.call('GET', '/api/v1/subscriptions/switch-options', user);
    expect(options.body.options.find((o: { plan: string }) => o.plan === 'yearly')).toMatchObject({
      action: 'schedule',
      charge_now_minor: 0,
      amount_minor: 19000,
      currency: 'EUR',
      effective_date: '2026-02-28',
      first_charge_date: '2026-02-28',
      message: 'monthly_to_yearly',
    });
    const again = await h.call('POST', '/api/v1/subscriptions/checkout/yearly', user);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SUBSCRIPTION_ALREADY_ACTIVE');

    const switched = await h.call('POST', '/api/v1/subscriptions/switch/yearly', user);
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      subscription_status: 'monthly',
      scheduled_plan: 'yearly',
      scheduled_change_date: '2026-02-28',
      scheduled_plan_amount_minor: 19000,
    });
    const changed = await h.waitForEvent('billing.plan.changed', (e) => e.subject === user);
    expect(changed.data).toMatchObject({
      fromPlan: 'monthly',
      toPlan: 'yearly',
      effectiveDate: '2026-02-28',
      language: 'de',
    });

    const cancelled = await h.call('POST', '/api/v1/subscriptions/cancel?reason=too%20expensive', user);
    expect(cancelled.body).toMatchObject({
      subscription_status: 'cancelling_at_period_end',
      scheduled_plan: null,
      cancellation_date: '2026-01-31',
      access_until: '2026-02-28',
      can_reactivate: true,
      has_access: true,
    });
    expect(
      (await h.waitForEvent('billing.subscription.cancelled', (e) => e.subject === user)).data,
    ).toMatchObject({
      accessUntil: '2026-02-28',
      reactivateBy: '2026-05-29',
    });
    // Asking twice changes nothing.
    expect((await h.call('POST', '/api/v1/subscriptions/cancel', user)).body.subscription_status).toBe(
      'cancelling_at_period_end',
    );

    const reactivated = await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.checkout).toBeNull();
    expect(reactivated.body.subscription).toMatchObject({
      subscription_status: 'monthly',
      cancellation_date: null,
    });
    await h.waitForEvent('billing.subscription.reactivated', (e) => e.subject === user);

    expect((await h.call('POST', '/api/v1/subscriptions/switch/yearly', user)).body.scheduled_plan).toBe(
      'yearly',
    );

    // 31 Jan anchor: the first renewal falls on 28 Feb, and the yearly plan starts there.
    h.clock.set('2026-02-28T09:00:01.000Z');
    const report = await h.sweep();
    expect(report.periodsSettled).toBeGreaterThanOrEqual(1);
    const renewed = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(renewed.body).toMatchObject({
      subscription_status: 'yearly',
      plan_type: 'yearly',
      amount_minor: 19000,
      scheduled_plan: null,
      // The anchor day is the 31st; February has 28 days, so the year runs to 28 Feb 2027.
      next_billing_date: '2027-02-28',
    });
    const payments = h.eventsOf('billing.payment.succeeded', user);
    await eventually(() => h.eventsOf('billing.payment.succeeded', user).length === 2, BILLING_WAIT_MS);
    expect(h.eventsOf('billing.payment.succeeded', user).map((e) => e.data.amountMinor)).toEqual([
      1900, 19000,
    ]);
    expect(payments.length).toBeGreaterThanOrEqual(1);
    // Sweeping again is harmless.
    await h.sweep();
    expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body.next_billing_date).toBe(
      '2027-02-28',
    );
  });

  it('ends a cancelled period, keeps reactivation open for 90 days, then expires', async () => {
    h.clock.set('2026-03-31T12:00:00.000Z');
    const user = await h.register();
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    await h.payLocally(checkout.body.url);
    await h.call('POST', '/api/v1/subscriptions/cancel', user);
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', user)).status).toBe(200);

    h.clock.set('2026-04-30T12:00:00.000Z');
    await h.sweep();
    const ended = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(ended.body).toMatchObject({
      subscription_status: 'cancelled',
      has_access: false,
      end_date: '2026-04-30',
      reactivate_until: '2026-07-29',
      can_reactivate: true,
    });
    const denied = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      reason: 'subscription_cancelled',
      allowed: false,
      redirect_to: '/auth/subscription-expired',
    });

    const reactivation = await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    expect(reactivation.body.checkout).toMatchObject({ plan: 'monthly', amount_minor: 1900 });

    h.clock.set('2026-07-29T12:00:00.000Z');
    await h.sweep();
    const expired = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(expired.body).toMatchObject({
      subscription_status: 'expired',
      expired_reason: 'reactivation_window_closed',
    });
    const late = await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    expect(late.body.code).toBe('REACTIVATION_WINDOW_CLOSED');
    // The old checkout has lapsed (24 hours); a new plan is one checkout away.
    expect((await h.payLocally(reactivation.body.checkout.url)).status).toBe(403);
    const fresh = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    expect((await h.payLocally(fresh.body.url)).status).toBe(303);
    expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body.subscription_status).toBe(
      'monthly',
    );
  });

  it('turns a declined renewal into past_due, takes a new card, and suspends when nobody pays', async () => {
    h.clock.set('2026-05-15T08:00:00.000Z');
    const user = await h.register();
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    // This test card pays once and declines every renewal.
    expect((await h.payLocally(checkout.body.url, { number: '4000 0000 0000 0341' })).status).toBe(303);
    h.clock.set('2026-06-15T08:00:00.000Z');
    await h.sweep();
    const pastDue = await h.call('GET', '/api/v1/subscriptions/status', user);
    expect(pastDue.body).toMatchObject({
      subscription_status: 'past_due',
      access_until: '2026-06-22',
      can_update_payment_method: true,
    });
    const failed = await h.waitForEvent('billing.payment.failed', (e) => e.subject === user);
    expect(failed.data).toMatchObject({ accessUntil: '2026-06-22', amountMinor: 1900, plan: 'monthly' });
    const access = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    // Limited access until a date: chat goes on until then.
    expect(access.body).toMatchObject({ allowed: true, access: 'limited', access_until: '2026-06-22' });

    const update = await h.call('POST', '/api/v1/subscriptions/payment-method', user);
    expect(update.status).toBe(200);
    const declined = await h.payLocally(update.body.url, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const saved = await h.payLocally(update.body.url);
    expect(saved.headers.get('location')).toBe(`${APP_URL}/subscription/success?payment_method=updated`);
    expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body).toMatchObject({
      subscription_status: 'monthly',
      next_billing_date: '2026-07-15',
      access_until: '2026-07-15',
    });

    // Another person never pays: after the grace period access is suspended.
    const other = await h.register();
    h.clock.set('2026-05-15T08:00:00.000Z');
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/yearly', other)).body.url, {
      number: '4000000000000341',
    });
    h.clock.set('2027-05-15T08:00:00.000Z');
    await h.sweep();
    expect((await h.call('GET', '/api/v1/subscriptions/status', other)).body.subscription_status).toBe(
      'past_due',
    );
    h.clock.set('2027-05-22T07:59:59.000Z');
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', other)).body.access).toBe('limited');
    h.clock.set('2027-05-22T08:00:00.000Z');
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', other)).body).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      reason: 'payment_past_due',
    });
    await h.sweep();
    expect((await h.call('GET', '/api/v1/subscriptions/status', other)).body).toMatchObject({
      subscription_status: 'expired',
      expired_reason: 'payment_failed',
    });
  });
});

describe('the trial', () => {
  it('reminds 2 days before the end once, then locks the account at the end', async () => {
    h.clock.set('2026-08-01T10:00:00.000Z');
    const user = await h.register({ language: 'fr' });
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    h.clock.set('2026-08-29T09:59:59.000Z');
    await h.sweep();
    expect(h.eventsOf('billing.trial.ending', user)).toHaveLength(0);
    h.clock.set('2026-08-29T10:00:00.000Z');
    await h.sweep();
    await h.sweep();
    const ending = await h.waitForEvent('billing.trial.ending', (e) => e.subject === user);
    expect(ending.data).toMatchObject({
      trialEnd: '2026-08-31T10:00:00.000Z',
      tokensRemaining: 200_000,
      language: 'fr',
    });
    const warned = await h.call('GET', '/api/v1/subscriptions/freemium/status', user);
    expect(warned.body).toMatchObject({ show_trial_warning: true, days_remaining: 2, reminder_sent: true });

    h.clock.set('2026-08-31T10:00:00.000Z');
    await h.sweep();
    await h.waitForEvent('billing.trial.expired', (e) => e.subject === user);
    expect(h.eventsOf('billing.trial.ending', user)).toHaveLength(1);
    const access = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    expect(access.status).toBe(403);
    expect(access.body).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      reason: 'trial_expired',
      redirect_to: '/trial-expired',
    });
    expect((await h.call('POST', '/api/v1/subscriptions/freemium/activate', user)).status).toBe(409);
    // Locked until upgrade: paying opens it again.
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/yearly', user);
    await h.payLocally(checkout.body.url);
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', user)).body).toMatchObject({
      allowed: true,
      access: 'full',
    });
  });

  it('meters chat usage from chat.tokens.consumed once per event, and answers 429 when it runs out', async () => {
    const { createEvent } = await import('@innerview/kit');
    h.clock.set('2026-09-01T10:00:00.000Z');
    const user = await h.register();
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    const used = createEvent('chat.tokens.consumed', user, {
      userId: user,
      sessionId: 's1',
      tokens: 150_000,
    });
    await h.publish(used);
    await h.publish(used);
    await eventually(
      async () =>
        (await h.call('GET', '/api/v1/subscriptions/freemium/status', user)).body.remaining_trial_tokens ===
        50_000,
      BILLING_WAIT_MS,
    );
    // The browser's own report only subtracts; a negative or huge one cannot raise the quota.
    expect((await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=-5', user)).status).toBe(
      422,
    );
    const report = await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=49999', user);
    expect(report.body.remaining_trial_tokens).toBe(1);
    expect((await h.call('POST', '/api/v1/subscriptions/chat-access', user)).status).toBe(200);
    await h.publish(createEvent('chat.tokens.consumed', user, { userId: user, sessionId: 's1', tokens: 10 }));
    await eventually(
      async () => (await h.call('POST', '/api/v1/subscriptions/chat-access', user)).status === 429,
      BILLING_WAIT_MS,
    );
    const limited = await h.call('POST', '/api/v1/subscriptions/chat-access', user);
    expect(limited.body).toMatchObject({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      reason: 'trial_tokens_exhausted',
      allowed: false,
    });
    await h.waitForEvent(
      'billing.subscription.changed',
      (e) => e.subject === user && e.data.trialTokensRemaining === 0,
    );
  });

  it('refuses a declined card on the checkout page and keeps the trial', async () => {
    h.clock.set('2026-10-01T10:00:00.000Z');
    const user = await h.register();
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    const declined = await h.payLocally(checkout.body.url, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    const wrong = await h.payLocally(checkout.body.url, { number: '4111 1111 1111 1111' });
    expect(await wrong.text()).toContain('Only the test cards shown above are accepted here.');
    expect((await h.call('GET', '/api/v1/subscriptions/status', user)).body.subscription_status).toBe(
      'freemium',
    );
  });
});
