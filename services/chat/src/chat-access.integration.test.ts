import { randomUUID } from 'node:crypto';
import { createEvent, kitInbox } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findVerdict } from './db/access.ts';
import { phrases } from './domain/offline-coach/phrases.ts';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { readSse, replyText } from './testing/sse-client.ts';

// Who may chat (billing's verdict, read against the clock: ADR 0066), metering of the trial quota, and the crisis
// answer, on PostgreSQL with the Redis event bus.
let h: ChatHarness;
useIntegrationRun((harness) => {
  h = harness;
});

const DAY = 86_400_000;
const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const say = (
  userId: string,
  message = 'I would like to think about my goals for this year',
  sessionId?: string,
) => h.call('POST', '/api/v1/chat/stream', { message, session_id: sessionId ?? null }, { userId });
const iso = (offsetMs: number) => new Date(h.clock.now().getTime() + offsetMs).toISOString();

async function expectAllowed(userId: string): Promise<void> {
  const response = await say(userId);
  expect(response.status).toBe(200);
  const events = await readSse(response);
  expect(events.at(-1)?.data).toBe('[DONE]');
}

async function expectRefused(userId: string, status: number, code: string, reason: string): Promise<void> {
  const answer = await json(await say(userId));
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ code, reason });
  expect(typeof answer.body.detail).toBe('string');
  expect(answer.body.redirect_to).toBe(
    reason === 'trial_expired'
      ? '/trial-expired'
      : ['no_subscription', 'trial_tokens_exhausted'].includes(reason)
        ? '/pricing'
        : '/auth/subscription-expired',
  );
}

describe("access from billing's verdict", () => {
  it('refuses a person billing has said nothing about with 403 SUBSCRIPTION_REQUIRED', async () => {
    await expectRefused(randomUUID(), 403, 'SUBSCRIPTION_REQUIRED', 'no_subscription');
  });

  it.each([
    ['full', 'subscription_expired'],
    ['full', 'subscription_cancelled'],
    ['limited', 'payment_past_due'],
  ] as const)(
    'lets %s access chat until the last millisecond before allowedUntil, then refuses with %s',
    async (access, reason) => {
      const userId = randomUUID();
      const until = iso(3 * DAY);
      await h.grant(userId, {
        allowed: true,
        allowedUntil: until,
        reason,
        access,
        trialTokensRemaining: null,
      });
      await expectAllowed(userId);
      const start = h.clock.now().getTime();
      h.clock.set(new Date(Date.parse(until) - 1));
      await expectAllowed(userId);
      // No event is needed for the end: the clock reads the stored verdict.
      h.clock.set(until);
      await expectRefused(userId, 403, 'SUBSCRIPTION_EXPIRED', reason);
      h.clock.set(new Date(start));
    },
  );

  it('lets a trial with quota and days left chat; an ended trial is SUBSCRIPTION_EXPIRED', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { periodEnd: iso(DAY), trialTokensRemaining: 5000 });
    await expectAllowed(userId);
    await h.subscribe(userId, 'freemium', { periodEnd: iso(-1), trialTokensRemaining: 5000 });
    await expectRefused(userId, 403, 'SUBSCRIPTION_EXPIRED', 'trial_expired');
  });

  it('refuses an exhausted trial with 429 SUBSCRIPTION_LIMIT_REACHED', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { periodEnd: iso(10 * DAY), trialTokensRemaining: 0 });
    const answer = await json(await say(userId));
    expect(answer).toMatchObject({
      status: 429,
      body: { code: 'SUBSCRIPTION_LIMIT_REACHED', reason: 'trial_tokens_exhausted' },
    });
    expect(answer.body.detail).toMatch(/^Rate limit exceeded/);
  });

  it('refuses at once when billing says so, whatever the date', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly', { periodEnd: iso(10 * DAY) });
    await expectAllowed(userId);
    await h.grant(userId, {
      allowed: false,
      allowedUntil: null,
      reason: 'subscription_cancelled',
      access: null,
      trialTokensRemaining: null,
    });
    await expectRefused(userId, 403, 'SUBSCRIPTION_EXPIRED', 'subscription_cancelled');
  });

  it('ignores an older verdict that arrives late', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'expired');
    await expectRefused(userId, 403, 'SUBSCRIPTION_EXPIRED', 'subscription_expired');
    const late = createEvent(
      'billing.chat-access.changed',
      userId,
      {
        userId,
        allowed: true,
        allowedUntil: iso(20 * DAY),
        reason: 'subscription_expired',
        access: 'full',
        trialTokensRemaining: null,
      },
      { occurredAt: new Date(h.clock.now().getTime() - 60_000).toISOString() },
    );
    await h.bus.publish([late]);
    // Taken (the inbox has it) and changed nothing.
    await eventually(
      async () =>
        (await h.service.ctx.db.select().from(kitInbox).where(eq(kitInbox.eventId, late.id))).length === 1,
    );
    expect(await findVerdict(h.service.ctx.db, userId)).toMatchObject({ allowed: false });
    await expectRefused(userId, 403, 'SUBSCRIPTION_EXPIRED', 'subscription_expired');
  });
});

describe('metering', () => {
  it('emits chat.tokens.consumed per reply, counts total_tokens per session and spends the trial quota', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { periodEnd: iso(10 * DAY), trialTokensRemaining: 150 });
    // Not "I keep postponing the things that matter to me": the safety detector gives that one a
    // care reply (a known false alarm, docs/safety.md), which is not metered.
    const first = await say(userId, 'I keep putting off my tax return and my dentist appointment');
    const events = await readSse(first);
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    const consumed = await h.waitForEvent('chat.tokens.consumed', (e) => e.data.userId === userId);
    expect(consumed.data.sessionId).toBe(sessionId);
    expect(consumed.data.tokens).toBeGreaterThan(0);
    // Nothing of the conversation travels in the event.
    expect(Object.keys(consumed.data).sort()).toEqual(['sessionId', 'tokens', 'userId']);
    const session = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId }),
    );
    expect(session.body.total_tokens).toBe(consumed.data.tokens);
    const left = (await findVerdict(h.service.ctx.db, userId))?.trialTokensRemaining;
    expect(left).toBe(Math.max(0, 150 - consumed.data.tokens));

    // Keep talking until the local quota runs out: then the next message is refused at once.
    for (
      let i = 0;
      i < 10 && ((await findVerdict(h.service.ctx.db, userId))?.trialTokensRemaining ?? 0) > 0;
      i++
    )
      await readSse(await say(userId, 'Another thought about postponing things', sessionId));
    await expectRefused(userId, 429, 'SUBSCRIPTION_LIMIT_REACHED', 'trial_tokens_exhausted');
    // Every reply was reported to billing: the events add up to the session's count.
    const after = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId }),
    );
    const reported = await eventually(async () => {
      const seen = h.eventsOf('chat.tokens.consumed').filter((e) => e.data.userId === userId);
      const sum = seen.reduce((total, e) => total + e.data.tokens, 0);
      return sum === after.body.total_tokens ? seen : undefined;
    });
    expect(reported.length).toBeGreaterThan(1);
  });
});

describe('safety', () => {
  it('answers a French crisis message with resources in French and records only category and language', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly');
    const message = "Je n'en peux plus, je pense à me suicider ce soir.";
    const response = await say(userId, message);
    expect(response.status).toBe(200);
    const events = await readSse(response);
    const text = replyText(events);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(text).toContain('143');
    expect(text).toContain('La Main Tendue');
    expect(text).toContain('147');
    expect(text).toContain('144');
    expect(text).toContain('112');
    expect(text).toContain('https://findahelpline.com');
    // The care reply in French: the coach says it is an AI, not a person.
    expect(text).toContain('Je suis un coach IA, pas une personne');
    // Instead of the coach's reply: no reflection of the words, no question.
    expect(phrases.fr.greetings.some((greeting) => text.includes(greeting))).toBe(false);
    const flagged = await h.waitForEvent('chat.safety.flagged', (e) => e.data.userId === userId);
    expect(flagged.data).toEqual({
      userId,
      sessionId: JSON.parse(events[0]!.data).session_id,
      category: 'suicidal_thoughts',
      language: 'fr',
    });
    expect(JSON.stringify(flagged)).not.toContain('suicider');
    // No tokens are metered for a crisis answer.
    await h.settle();
    await h.allDelivered();
    expect(h.eventsOf('chat.tokens.consumed').some((e) => e.data.userId === userId)).toBe(false);
  });

  it('answers a crisis message even when the person may not chat', async () => {
    const userId = randomUUID();
    const response = await say(userId, 'My husband hits me and I am scared to go home tonight.');
    expect(response.status).toBe(200);
    const text = replyText(await readSse(response));
    // The care reply for violence at home (acute or possible, as the detector rates it: both ask
    // or say it plainly and give the police's number).
    expect(text).toMatch(/No one has the right to hurt you|do you feel safe at home right now\?/);
    expect(text).toContain('**117**');
    const flagged = await h.waitForEvent('chat.safety.flagged', (e) => e.data.userId === userId);
    expect(flagged.data).toMatchObject({ category: 'abuse', language: 'en' });
    // An ordinary message is still refused.
    await expectRefused(userId, 403, 'SUBSCRIPTION_REQUIRED', 'no_subscription');
  });

  it('does not flag figures of speech', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly');
    const text = replyText(
      await readSse(await say(userId, 'This deadline is killing me, I am so stressed.')),
    );
    // The coach's own reply (its greeting opens a session), not the care reply.
    expect(phrases.en.greetings.some((greeting) => text.startsWith(greeting))).toBe(true);
    expect(text).not.toContain('143');
  });
});
