import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages } from './db/schema.ts';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { ScriptedCoach } from './testing/scripted-coach.ts';
import { readSse, replyText, type SseEvent, sseEvents } from './testing/sse-client.ts';

// Replies as server-side tasks: stop, a dropped reader, resume with no gap and no duplicate, a
// reload in the middle, a failed reply and its retry; PostgreSQL and the Redis event bus.
const coach = new ScriptedCoach({ delayMs: 15 });
const ORPHAN_GRACE_MS = 300;
let h: ChatHarness;
useIntegrationRun(
  (harness) => {
    h = harness;
  },
  { coach, env: { CHAT_ORPHAN_GRACE_MS: String(ORPHAN_GRACE_MS) } },
);

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const pieces = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1} `);
const whole = (n: number) => pieces(n).join('');

async function subscribedUser(): Promise<string> {
  const userId = randomUUID();
  await h.subscribe(userId, 'monthly');
  return userId;
}

/** Starts a reply and reads its events until `keep` says stop; then cuts the connection. */
async function readThenCut(
  userId: string,
  message: string,
  keep: (event: SseEvent, seen: SseEvent[]) => boolean,
  sessionId: string | null = null,
): Promise<{ seen: SseEvent[]; sessionId: string }> {
  const controller = new AbortController();
  const response = await h.call(
    'POST',
    '/api/v1/chat/stream',
    { message, session_id: sessionId },
    { userId, signal: controller.signal },
  );
  expect(response.status).toBe(200);
  const seen: SseEvent[] = [];
  try {
    for await (const event of sseEvents(response)) {
      seen.push(event);
      if (!keep(event, seen)) break;
    }
  } finally {
    controller.abort();
  }
  return { seen, sessionId: JSON.parse(seen[0]!.data).session_id };
}

const contentOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.id !== undefined)
    .map((e) => ({ id: Number(e.id), content: JSON.parse(e.data).content }));

describe('resume after a cut connection', () => {
  it('gives the rest after Last-Event-ID with no gap and no duplicate, and the reply completes meanwhile', async () => {
    coach.pieces = pieces(20);
    const userId = await subscribedUser();
    const { seen, sessionId } = await readThenCut(
      userId,
      'Tell me about resilience',
      (_e, all) => all.length < 6,
    );
    const lastId = Number(seen.at(-1)!.id);
    expect(lastId).toBe(5);
    // The reply goes on being written while nobody reads (within the grace).
    await eventually(async () => (h.chat.streams.info(sessionId)?.lastId ?? 0) > lastId);
    const resumed = await h.call('GET', `/api/v1/chat/stream/${sessionId}/resume`, undefined, {
      userId,
      headers: { 'last-event-id': String(lastId) },
    });
    expect(resumed.status).toBe(200);
    const rest = await readSse(resumed);
    expect(rest.at(-1)?.data).toBe('[DONE]');
    const all = [...contentOf(seen), ...contentOf(rest)];
    expect(all.map((c) => c.id)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(all.map((c) => c.content).join('')).toBe(whole(20));
    const transcript = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
    );
    expect(transcript.body.at(-1)).toMatchObject({ role: 'assistant', content: whole(20) });
    expect(coach.replies.at(-1)?.aborted).toBe(false);
  });

  it('resumes with ?after=, and with POST /chat/stream carrying Last-Event-ID (no second reply)', async () => {
    coach.pieces = pieces(12);
    const userId = await subscribedUser();
    const cut = await readThenCut(userId, 'Another long answer please', (_e, all) => all.length < 4);
    const viaQuery = await readSse(
      await h.call('GET', `/api/v1/chat/stream/${cut.sessionId}/resume?after=3`, undefined, { userId }),
    );
    expect(contentOf(viaQuery).map((c) => c.id)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const repliesBefore = coach.replies.length;
    const viaPost = await readSse(
      await h.call(
        'POST',
        '/api/v1/chat/stream',
        { message: 'Another long answer please', session_id: cut.sessionId },
        { userId, headers: { 'last-event-id': '10' } },
      ),
    );
    expect(contentOf(viaPost)).toEqual([
      { id: 11, content: 'p11 ' },
      { id: 12, content: 'p12 ' },
    ]);
    expect(viaPost.at(-1)?.data).toBe('[DONE]');
    expect(coach.replies.length).toBe(repliesBefore);
  });

  it('shows a reload the reply so far in the transcript, then the rest from its last event id', async () => {
    coach.pieces = pieces(16);
    const userId = await subscribedUser();
    const { sessionId } = await readThenCut(userId, 'Reload me', (_e, all) => all.length < 3);
    const transcript = await eventually(async () => {
      const body = (
        await json(
          await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
        )
      ).body;
      return body.at(-1)?.streaming ? body : undefined;
    });
    const live = transcript.at(-1);
    expect(live).toMatchObject({ role: 'assistant', streaming: true, hidden: false });
    expect(live.content).toBe(whole(live.last_event_id));
    const active = await json(await h.call('GET', '/api/v1/chat/active-sessions', undefined, { userId }));
    expect(active.body.sessions[0]).toMatchObject({ session_id: sessionId, streaming: true });
    const rest = await readSse(
      await h.call('GET', `/api/v1/chat/stream/${sessionId}/resume?after=${live.last_event_id}`, undefined, {
        userId,
      }),
    );
    expect(live.content + replyText(rest)).toBe(whole(16));
  });

  it('answers 404 when no reply is in flight or retained', async () => {
    const userId = await subscribedUser();
    const session = await json(await h.call('POST', '/api/v1/chat-sessions/', {}, { userId }));
    const answer = await json(
      await h.call('GET', `/api/v1/chat/stream/${session.body.id}/resume?after=0`, undefined, { userId }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('No reply is being written in this chat. Reload the conversation.');
  });
});

describe('stop and abandon', () => {
  it('stops on POST /chat/stop: the upstream call is aborted, the stream ends with [DONE], the part written is kept', async () => {
    coach.pieces = pieces(200);
    const userId = await subscribedUser();
    const response = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'Go on and on', session_id: null },
      { userId },
    );
    const events: SseEvent[] = [];
    let stopped = false;
    for await (const event of sseEvents(response)) {
      events.push(event);
      if (events.length === 4 && !stopped) {
        stopped = true;
        const sessionId = JSON.parse(events[0]!.data).session_id;
        const stop = await json(
          await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId }),
        );
        expect(stop.body).toEqual({ stopped: true });
      }
    }
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(events.some((e) => e.event === 'error')).toBe(false);
    expect(coach.replies.at(-1)?.aborted).toBe(true);
    const sessionId = JSON.parse(events[0]!.data).session_id;
    const written = replyText(events);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(whole(200).length);
    const rows = await h.service.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    expect(rows.find((r) => r.role === 'assistant')?.status).toBe('stopped');
    const transcript = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
    );
    expect(transcript.body.at(-1).content).toBe(written);
    // The bubble says the reply was stopped, after a reload too (issue 20).
    expect(transcript.body.at(-1).stopped).toBe(true);
    expect(transcript.body.find((e: { role: string }) => e.role === 'user').stopped).toBeUndefined();
    // Stopping again finds nothing to stop.
    const again = await json(
      await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId }),
    );
    expect(again.body).toEqual({ stopped: false });
  });

  it('stops a new conversation right after its opening event (its session is found, not a 404)', async () => {
    coach.pieces = pieces(200);
    const userId = await subscribedUser();
    const response = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'Start and stop', session_id: null },
      { userId },
    );
    const events: SseEvent[] = [];
    for await (const event of sseEvents(response)) {
      events.push(event);
      if (events.length === 1) {
        const sessionId = JSON.parse(event.data).session_id;
        const [stop, transcript] = await Promise.all([
          json(await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId })),
          h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
        ]);
        expect(stop).toEqual({ status: 200, body: { stopped: true } });
        expect(transcript.status).toBe(200);
      }
    }
    expect(events.at(-1)?.data).toBe('[DONE]');
  });

  it('aborts the upstream call when the reader is gone longer than the grace, keeping what was written', async () => {
    coach.pieces = pieces(400);
    const userId = await subscribedUser();
    const { sessionId } = await readThenCut(userId, 'I will close the tab', (_e, all) => all.length < 3);
    const record = coach.replies.at(-1)!;
    expect(record.aborted).toBe(false);
    await eventually(async () => record.aborted, ORPHAN_GRACE_MS + 3000);
    await h.settle();
    const rows = await h.service.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    const reply = rows.find((r) => r.role === 'assistant');
    expect(reply?.status).toBe('interrupted');
    expect(reply?.tokens).toBeGreaterThan(0);
  });

  it('closing the session stops its reply', async () => {
    coach.pieces = pieces(400);
    const userId = await subscribedUser();
    const response = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'Long one', session_id: null },
      { userId },
    );
    const events: SseEvent[] = [];
    for await (const event of sseEvents(response)) {
      events.push(event);
      if (events.length === 2) {
        const sessionId = JSON.parse(events[0]!.data).session_id;
        await h.call('POST', '/api/v1/chat/close-all-sessions', undefined, { userId });
        expect(sessionId).toBeTruthy();
      }
    }
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(coach.replies.at(-1)?.aborted).toBe(true);
  });
});

describe('a failed reply', () => {
  it('ends the stream with an error event, marks the message failed, and a retry reuses it', async () => {
    coach.pieces = pieces(6);
    coach.failNext = 1;
    coach.failAfterPieces = 2;
    const userId = await subscribedUser();
    const failed = await readSse(
      await h.call(
        'POST',
        '/api/v1/chat/stream',
        { message: 'Please answer this', session_id: null },
        { userId },
      ),
    );
    const last = failed.at(-1)!;
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data)).toEqual({
      detail: 'The coach could not answer just now. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(failed.some((e) => e.data === '[DONE]')).toBe(false);
    const sessionId = JSON.parse(failed[0]!.data).session_id;
    const before = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
    );
    expect(before.body).toHaveLength(1);
    expect(before.body[0]).toMatchObject({ role: 'user', content: 'Please answer this', failed: true });

    const retried = await readSse(
      await h.call(
        'POST',
        '/api/v1/chat/stream',
        { message: 'Please answer this', session_id: sessionId },
        { userId },
      ),
    );
    expect(retried.at(-1)?.data).toBe('[DONE]');
    const after = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId }),
    );
    expect(
      after.body.map((e: { role: string; content: string; failed?: boolean }) => [
        e.role,
        e.content,
        e.failed,
      ]),
    ).toEqual([
      ['user', 'Please answer this', undefined],
      ['assistant', whole(6), undefined],
    ]);
    // Only the reply that was written is metered, not the failed one.
    await h.waitForEvent('chat.tokens.consumed', (e) => e.data.sessionId === sessionId);
    await h.settle();
    await h.allDelivered();
    const consumed = h.eventsOf('chat.tokens.consumed').filter((e) => e.data.sessionId === sessionId);
    const session = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId }),
    );
    expect(consumed.map((e) => e.data.tokens)).toEqual([session.body.total_tokens]);
  });

  it('answers POST /chat/ with 503 when the coach fails', async () => {
    coach.failNext = 1;
    coach.failAfterPieces = 0;
    const userId = await subscribedUser();
    const answer = await json(
      await h.call('POST', '/api/v1/chat/', { message: 'Hello there, coach' }, { userId }),
    );
    expect(answer).toEqual({
      status: 503,
      body: { detail: 'The coach could not answer just now. Please try again.', code: 'SERVICE_UNAVAILABLE' },
    });
  });
});
