import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChatHarness } from '../../testing/chat-harness.ts';
import { readSse, replyText } from '../../testing/sse-client.ts';
import { createCoach } from './create-coach.ts';

// What the chat remote needs beyond the calls of docs/product.md#http-api: which coach answers (the UI labels the
// offline one), and the test-only hook that makes the offline coach fail once (browser test of retry).
const MARKER = '[fail-once]';
let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness({ env: { OFFLINE_COACH_FAIL_ONCE_MARKER: MARKER } });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('GET /chat/coach', () => {
  it('tells the client that the offline coach answers', async () => {
    const response = await h.call('GET', '/api/v1/chat/coach', undefined, { userId: randomUUID() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ coach: 'offline' });
  });
});

describe('OFFLINE_COACH_FAIL_ONCE_MARKER', () => {
  it('fails the first reply to a marked message, and the retry of the same text is answered', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly');
    const message = `I keep postponing the hard conversation ${MARKER}`;
    const first = await readSse(
      await h.call('POST', '/api/v1/chat/stream', { message, session_id: null }, { userId }),
    );
    expect(first.at(-1)?.event).toBe('error');
    const sessionId = JSON.parse(first[0]!.data).session_id as string;
    await h.settle();
    const transcript = await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId })
    ).json();
    expect(transcript).toMatchObject([{ role: 'user', failed: true }]);

    const retry = await readSse(
      await h.call('POST', '/api/v1/chat/stream', { message, session_id: sessionId }, { userId }),
    );
    expect(retry.at(-1)?.data).toBe('[DONE]');
    expect(replyText(retry).length).toBeGreaterThan(20);
  });

  it('is ignored in production and with a language model', () => {
    const base = {
      OFFLINE_COACH_DELAY_MS: 0,
      OFFLINE_COACH_FAIL_ONCE_MARKER: MARKER,
      OPENAI_MODEL: 'm',
      OPENAI_IDLE_TIMEOUT_MS: 1000,
    } as Parameters<typeof createCoach>[0];
    expect(createCoach({ ...base, OPENAI_API_KEY: 'sk-x' }).kind).toBe('openai');
    const production = createCoach({ ...base, NODE_ENV: 'production' });
    const controller = new AbortController();
    const request = { message: `hello ${MARKER}`, language: 'en', history: [], answers: [] };
    // In production the marked message is answered, not failed.
    return expect(
      (async () => {
        for await (const _event of production.reply(request as never, controller.signal)) return 'answered';
        return 'nothing';
      })(),
    ).resolves.toBe('answered');
  });
});
