import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ChatHarness, useChatHarness } from './testing/chat-harness.ts';
import { ScriptedCoach } from './testing/scripted-coach.ts';
import { sseEvents } from './testing/sse-client.ts';

// A person may hold a few reconnect streams open (tabs, devices), not any number (issue 18).
const coach = new ScriptedCoach({ delayMs: 40, pieces: Array.from({ length: 200 }, (_, i) => `p${i} `) });
let h: ChatHarness;
useChatHarness(
  (harness) => {
    h = harness;
  },
  { coach, env: { CHAT_MAX_READERS_PER_USER: '3' } },
);

describe('reconnect streams per person', () => {
  it('refuses one more than the cap with 429 TOO_MANY_STREAMS, and frees a place when one closes', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'monthly');
    const sent = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'A long answer, please', session_id: null },
      { userId },
    );
    const first = await sseEvents(sent).next();
    const sessionId = JSON.parse(first.value!.data).session_id as string;
    const resume = (signal?: AbortSignal) =>
      h.call('GET', `/api/v1/chat/stream/${sessionId}/resume?after=0`, undefined, { userId, signal });

    const held = [new AbortController(), new AbortController(), new AbortController()];
    for (const controller of held) expect((await resume(controller.signal)).status).toBe(200);
    const refused = await resume();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      detail: 'Too many open connections to replies. Close another tab or device and try again.',
      code: 'TOO_MANY_STREAMS',
    });
    // Another person is not affected.
    const other = randomUUID();
    await h.subscribe(other, 'monthly');
    const own = await h.call('GET', `/api/v1/chat/stream/${sessionId}/resume`, undefined, { userId: other });
    expect(own.status).toBe(404);

    held[0]!.abort();
    // The place comes back once the server sees the connection close.
    const deadline = Date.now() + 5_000;
    let again = await resume();
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await resume();
    }
    expect(again.status).toBe(200);
    await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId });
    for (const controller of held) controller.abort();
  });
});
