import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatHarness } from '../testing/chat-harness.ts';
import { useIntegrationRun } from '../testing/integration-setup.ts';
import { readSse } from '../testing/sse-client.ts';
import { chatAccessVerdicts } from './schema.ts';
import { SEND_CONTEXT_QUIET_MS } from './send-context-cache.ts';

// The short-lived cache of a person's access (and profile) before each reply: reused between quick
// messages, dropped the moment a subscription event changes it. PostgreSQL and the Redis bus.
let h: ChatHarness;
useIntegrationRun((harness) => {
  h = harness;
});

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(h.clock.now().getTime() + offsetMs).toISOString();
const say = (userId: string) =>
  h.call(
    'POST',
    '/api/v1/chat/stream',
    { message: 'Let us talk about my week', session_id: null },
    { userId },
  );

/** The cache runs on the service's clock: moved past the quiet time that follows every change. */
const pastQuietTime = () => h.clock.advance(SEND_CONTEXT_QUIET_MS + 100);

async function status(userId: string): Promise<{ status: number; code?: string }> {
  const response = await say(userId);
  if (response.status !== 200) return { status: response.status, code: (await response.json()).code };
  const events = await readSse(response);
  expect(events.at(-1)?.data).toBe('[DONE]');
  return { status: 200 };
}

describe('access cache', () => {
  it('reuses a person’s access between quick messages (a change without an event is not seen yet)', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly', { periodEnd: iso(20 * DAY) });
    // Past the quiet moment that follows every change, so the next read is kept.
    pastQuietTime();
    expect(await status(userId)).toEqual({ status: 200 });
    await h.service.ctx.db
      .update(chatAccessVerdicts)
      .set({ allowed: false, allowedUntil: null, access: null })
      .where(eq(chatAccessVerdicts.userId, userId));
    expect(await status(userId)).toEqual({ status: 200 });
  });

  it('refuses a cancelled or expired person at once after the event, even right after a reply', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly', { periodEnd: iso(20 * DAY) });
    pastQuietTime();
    expect(await status(userId)).toEqual({ status: 200 });
    await h.subscribe(userId, 'expired', { periodEnd: iso(-DAY) });
    expect(await status(userId)).toEqual({ status: 403, code: 'SUBSCRIPTION_EXPIRED' });

    const other = randomUUID();
    await h.subscribe(other, 'monthly', { periodEnd: iso(20 * DAY) });
    pastQuietTime();
    expect(await status(other)).toEqual({ status: 200 });
    await h.subscribe(other, 'cancelled', { periodEnd: iso(-1) });
    expect(await status(other)).toEqual({ status: 403, code: 'SUBSCRIPTION_EXPIRED' });
  });

  it('spends a trial’s quota at once: the next message sees it used up', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { periodEnd: iso(10 * DAY), trialTokensRemaining: 1 });
    pastQuietTime();
    expect(await status(userId)).toEqual({ status: 200 });
    await h.settle();
    expect(await status(userId)).toEqual({ status: 429, code: 'SUBSCRIPTION_LIMIT_REACHED' });
  });
});
