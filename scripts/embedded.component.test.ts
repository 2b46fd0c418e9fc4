import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEvent, USER_ID_HEADER } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../services/chat/src/db/schema.ts';
import { type SseEvent, sseEvents } from '../services/chat/src/testing/sse-client.ts';
import { type Embedded, startEmbedded } from './embedded.ts';

// The embedded runner (`npm start`) stopping while a coach reply is being written: the part
// already streamed is stored as a stopped reply, and is there after the next start.
const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-embedded-'));
const env = { LOG_LEVEL: 'silent', OFFLINE_COACH_DELAY_MS: '150' };
let product: Embedded | undefined;

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function subscribed(embedded: Embedded, userId: string): Promise<void> {
  await embedded.bus.publish([
    createEvent('billing.chat-access.changed', userId, {
      userId,
      allowed: true,
      allowedUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      reason: 'subscription_expired',
      access: 'full',
      trialTokensRemaining: null,
    }),
  ]);
}

describe('stopping the embedded product', () => {
  it('stores a reply in flight as stopped, with what was streamed, and shows it after a restart', async () => {
    product = await startEmbedded({ port: 0, dataDir, env });
    const chat = product.services.chat!;
    const userId = randomUUID();
    await subscribed(product, userId);

    // Straight to the chat service, signed as the gateway forwards a signed-in call.
    // The access verdict is stored by the event consumer: a moment after the publish.
    const response = await eventually(
      async () => {
        const answer = await signedFetch(chat, `${chat.url}/api/v1/chat/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [USER_ID_HEADER]: userId },
          body: JSON.stringify({ message: 'Tell me how to plan a calm week, in detail.', session_id: null }),
        });
        if (answer.status === 200) return answer;
        await answer.body?.cancel();
        return undefined;
      },
      { timeoutMs: 10_000, what: 'the chat stream open to a subscriber' },
    );

    const seen: SseEvent[] = [];
    let stopping: Promise<void> | undefined;
    for await (const event of sseEvents(response)) {
      seen.push(event);
      // The opening event and three pieces of the reply, then the product stops under the reader.
      if (seen.length === 4) stopping = product.stop();
    }
    await stopping;
    product = undefined;
    const sessionId = JSON.parse(seen[0]!.data).session_id as string;
    const streamed = seen
      .filter((e) => e.id !== undefined && e.data !== '[DONE]')
      .map((e) => JSON.parse(e.data))
      .filter((d) => d.role === 'assistant')
      .map((d) => d.content)
      .join('');
    expect(streamed.length).toBeGreaterThan(0);

    product = await startEmbedded({ port: 0, dataDir, env });
    const rows = await product.services
      .chat!.ctx.db.select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    expect(rows.map((r) => [r.role, r.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
    const transcript = await signedFetch(
      product.services.chat!,
      `${product.services.chat!.url}/api/v1/chat-sessions/${sessionId}/transcript`,
      {
        headers: { [USER_ID_HEADER]: userId },
      },
    );
    const entries = (await transcript.json()) as Array<{ role: string; content: string }>;
    expect(entries.at(-1)?.role).toBe('assistant');
    // At least what the reader saw (a piece written while the stop went out may follow it).
    expect(entries.at(-1)?.content.startsWith(streamed)).toBe(true);
  }, 240_000);
});
