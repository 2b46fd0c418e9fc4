import { randomUUID } from 'node:crypto';
import { createEventBus, type EventBus, ManualClock } from '@innerview/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccess } from '../../chat/src/db/access.ts';
import { type ChatHarness, startChatHarness, waitUntil } from '../../chat/src/testing/chat-harness.ts';
import { readSse } from '../../chat/src/testing/sse-client.ts';
import { type BillingHarness, startBillingHarness } from './testing/harness.ts';

// Billing's `POST /subscriptions/chat-access` and chat's own access projection (built from
// billing's events) must give the same answer at every moment. Both services on one bus and one
// clock; a renewal is declined, and the clock is moved to just before and just after the end of
// the limited access.
let bus: EventBus;
let clock: ManualClock;
let billing: BillingHarness;
let chat: ChatHarness;

beforeAll(async () => {
  clock = new ManualClock('2026-03-05T14:30:00.000Z');
  bus = await createEventBus({ kind: 'memory', prefix: `agreement-${randomUUID()}` });
  billing = await startBillingHarness({ bus, clock });
  chat = await startChatHarness({ bus, clock });
}, 60_000);

afterAll(async () => {
  await chat?.stop();
  await billing?.stop();
  await bus?.close();
});

async function billingSays(userId: string) {
  const answer = await billing.call('POST', '/api/v1/subscriptions/chat-access', userId);
  return answer.body.allowed === true
    ? { allowed: true as const, access: answer.body.access }
    : { allowed: false as const, code: answer.body.code, reason: answer.body.reason };
}

async function chatSays(userId: string) {
  const response = await chat.call(
    'POST',
    '/api/v1/chat/stream',
    { message: 'Still there?', session_id: null },
    { userId },
  );
  if (response.status === 200) {
    await readSse(response);
    return { allowed: true as const };
  }
  const body = await response.json();
  return { allowed: false as const, status: response.status, code: body.code, reason: body.reason };
}

describe('past due: limited access until access_until, in billing and in chat alike', () => {
  it('lets both chat until the last second, and both refuse with payment_past_due from then on', async () => {
    const userId = await billing.register();
    const checkout = await billing.call('POST', '/api/v1/subscriptions/checkout/monthly', userId);
    // This test card pays once and declines every renewal.
    await billing.payLocally(checkout.body.url, { number: '4000 0000 0000 0341' });
    await waitUntil(
      async () => (await findAccess(chat.service.ctx.db, userId))?.status === 'monthly',
      10_000,
    );

    clock.set('2026-04-05T14:30:00.000Z');
    await billing.sweep();
    const status = await billing.call('GET', '/api/v1/subscriptions/status', userId);
    expect(status.body).toMatchObject({ subscription_status: 'past_due', access_until: '2026-04-12' });
    // Chat has both of billing's events (the change and the payment failure) before we ask it.
    await billing.waitForEvent('billing.payment.failed', (e) => e.subject === userId);
    await waitUntil(async () => {
      const access = await findAccess(chat.service.ctx.db, userId);
      return access?.status === 'past_due' && access.graceUntil !== null;
    }, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await billingSays(userId)).toEqual({ allowed: true, access: 'limited' });
    expect(await chatSays(userId)).toEqual({ allowed: true });

    // The limited access ends seven days after the failed renewal, to the second.
    clock.set('2026-04-12T14:29:59.000Z');
    expect(await billingSays(userId)).toEqual({ allowed: true, access: 'limited' });
    expect(await chatSays(userId)).toEqual({ allowed: true });

    clock.set('2026-04-12T14:30:00.000Z');
    const refused = { code: 'SUBSCRIPTION_EXPIRED', reason: 'payment_past_due' };
    expect(await billingSays(userId)).toEqual({ allowed: false, ...refused });
    expect(await chatSays(userId)).toEqual({ allowed: false, status: 403, ...refused });

    // Later the same day (chat used to read the date as "until the end of that day").
    clock.set('2026-04-12T20:00:00.000Z');
    expect(await billingSays(userId)).toEqual({ allowed: false, ...refused });
    expect(await chatSays(userId)).toEqual({ allowed: false, status: 403, ...refused });
  });
});
