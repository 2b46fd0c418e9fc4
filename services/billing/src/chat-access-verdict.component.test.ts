import type { EventEnvelope } from '@innerview/contracts';
import { type ChatAccessVerdict, decideChatAccess } from '@innerview/contracts/chat-access';
import { eventually } from '@innerview/kit/testing/eventually';
import { describe, expect, it } from 'vitest';
import { BILLING_WAIT_MS, type BillingHarness, useBillingHarness } from './testing/harness.ts';

// Billing publishes who may chat (`billing.chat-access.changed`, ADR 0066); chat decides from the
// newest verdict and its clock. At every moment of a life (trial, quota used up, payment, declined
// renewal, cancellation), the last verdict read at that moment answers as billing's own
// `POST /subscriptions/chat-access` does.
let h: BillingHarness;
useBillingHarness((harness) => {
  h = harness;
});

const parse = (e: EventEnvelope<'billing.chat-access.changed'>): ChatAccessVerdict => ({
  ...e.data,
  allowedUntil: e.data.allowedUntil ? new Date(e.data.allowedUntil) : null,
});

/** Waits for the verdict count to reach `count`, then returns the newest one. */
async function verdict(userId: string, count: number): Promise<ChatAccessVerdict> {
  await eventually(() => h.eventsOf('billing.chat-access.changed', userId).length >= count, BILLING_WAIT_MS);
  const all = h.eventsOf('billing.chat-access.changed', userId);
  expect(all).toHaveLength(count);
  return parse(all.at(-1)!);
}

/** What chat would answer from `v` now, next to billing's own answer. */
async function bothSay(userId: string, v: ChatAccessVerdict) {
  const answer = await h.call('POST', '/api/v1/subscriptions/chat-access', userId);
  const decided = decideChatAccess(v, h.clock.now());
  return {
    chat: decided.allowed
      ? { allowed: true, access: decided.access }
      : { allowed: false, reason: decided.reason },
    billing: answer.body.allowed
      ? { allowed: true, access: answer.body.access }
      : { allowed: false, reason: answer.body.reason },
  };
}

async function agree(userId: string, v: ChatAccessVerdict, expected: object) {
  const { chat, billing } = await bothSay(userId, v);
  expect(billing).toEqual(expected);
  expect(chat).toEqual(expected);
}

describe('the chat-access verdict billing publishes', () => {
  it('follows a trial to its used-up quota, with nothing published for usage in between', async () => {
    h.clock.set('2026-03-01T10:00:00.000Z');
    const user = await h.register();
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', user);
    const trial = await verdict(user, 1);
    expect(trial).toMatchObject({
      allowed: true,
      access: 'trial',
      allowedUntil: new Date('2026-03-31T10:00:00.000Z'),
      reason: 'trial_expired',
      trialTokensRemaining: 200_000,
    });
    await agree(user, trial, { allowed: true, access: 'trial' });

    await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=1000', user);
    expect(h.eventsOf('billing.chat-access.changed', user)).toHaveLength(1);

    await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=99999', user);
    await h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=99999', user);
    const usedUp = await verdict(user, 2);
    expect(usedUp).toMatchObject({ allowed: true, access: 'trial', trialTokensRemaining: 0 });
    await agree(user, usedUp, { allowed: false, reason: 'trial_tokens_exhausted' });
  });

  it('follows a paid plan through a declined renewal to the end of its limited access, to the second', async () => {
    h.clock.set('2026-03-05T14:30:00.000Z');
    const user = await h.register();
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    // This test card pays once and declines every renewal.
    await h.payLocally(checkout.body.url, { number: '4000 0000 0000 0341' });
    const paid = await verdict(user, 1);
    // A renewing plan keeps chatting a day past its period end while the renewal lands.
    expect(paid).toMatchObject({
      allowed: true,
      access: 'full',
      allowedUntil: new Date('2026-04-06T14:30:00.000Z'),
      reason: 'subscription_expired',
    });
    await agree(user, paid, { allowed: true, access: 'full' });

    h.clock.set('2026-04-05T14:30:00.000Z');
    await h.sweep();
    const pastDue = await verdict(user, 2);
    expect(pastDue).toMatchObject({
      allowed: true,
      access: 'limited',
      allowedUntil: new Date('2026-04-12T14:30:00.000Z'),
      reason: 'payment_past_due',
    });
    await agree(user, pastDue, { allowed: true, access: 'limited' });
    h.clock.set('2026-04-12T14:29:59.000Z');
    await agree(user, pastDue, { allowed: true, access: 'limited' });
    // Refused from the last instant on, by the clock alone: no event is needed for it.
    h.clock.set('2026-04-12T14:30:00.000Z');
    await agree(user, pastDue, { allowed: false, reason: 'payment_past_due' });
  });

  it('follows a cancellation to the period end, and the expiry after it', async () => {
    h.clock.set('2026-05-01T08:00:00.000Z');
    const user = await h.register();
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', user);
    await h.payLocally(checkout.body.url);
    await verdict(user, 1);
    await h.call('POST', '/api/v1/subscriptions/cancel', user);
    const cancelling = await verdict(user, 2);
    expect(cancelling).toMatchObject({
      allowed: true,
      access: 'full',
      allowedUntil: new Date('2026-06-01T08:00:00.000Z'),
      reason: 'subscription_cancelled',
    });
    await agree(user, cancelling, { allowed: true, access: 'full' });
    h.clock.set('2026-06-01T08:00:00.000Z');
    await agree(user, cancelling, { allowed: false, reason: 'subscription_cancelled' });
    await h.sweep();
    const ended = await verdict(user, 3);
    expect(ended).toMatchObject({ allowed: false, reason: 'subscription_cancelled', access: null });
    await agree(user, ended, { allowed: false, reason: 'subscription_cancelled' });

    // Reactivated within the window: allowed again, published in the same change.
    const again = await h.call('POST', '/api/v1/subscriptions/reactivate', user);
    await h.payLocally(again.body.checkout.url);
    const reactivated = await verdict(user, 4);
    expect(reactivated).toMatchObject({ allowed: true, access: 'full' });
    await agree(user, reactivated, { allowed: true, access: 'full' });
  });
});
