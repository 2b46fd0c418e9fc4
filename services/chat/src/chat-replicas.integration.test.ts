import { randomUUID } from 'node:crypto';
import { generateKeyText } from '@innerview/crypto';
import { openDatabase } from '@innerview/kit';
import { redisUrl } from '@innerview/kit/testing/postgres';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from './db/schema.ts';
import {
  allowChat,
  type ChatProcess,
  callAs,
  readAllEvents,
  startChatProcess,
  useProcessDatabase,
} from './testing/chat-process.ts';
import { type SseEvent, sseEvents } from './testing/sse-client.ts';

// Two chat replicas on one PostgreSQL database and one Redis, as the prod overlay runs them
// (ADR 0040): whichever replica a reconnect, a transcript read or a stop reaches finds the reply.
const database = useProcessDatabase('iv_chat_replicas');
let a: ChatProcess;
let b: ChatProcess;

beforeAll(async () => {
  const env = {
    MASTER_KEY: generateKeyText(),
    EVENT_PAYLOAD_KEY: generateKeyText(),
    DATABASE_URL: database.url,
    EVENT_BUS: 'memory',
    REDIS_URL: redisUrl(),
    CHAT_REPLY_SHARING: 'redis',
    // A reply of the offline coach then takes several seconds: longer than the grace below.
    OFFLINE_COACH_DELAY_MS: '80',
    CHAT_ORPHAN_GRACE_MS: '1500',
  };
  // One after the other: the first migrates the new database.
  a = await startChatProcess(env);
  b = await startChatProcess(env);
});

const pieceText = (events: SseEvent[]) =>
  events
    .filter((e) => e.id !== undefined && Number(e.id) > 0)
    .map((e) => JSON.parse(e.data).content as string)
    .join('');

/** Sends to `to` and reads `count` events, then drops the connection (the reply goes on). */
async function sendAndCut(to: ChatProcess, userId: string, message: string, count: number) {
  const controller = new AbortController();
  const sent = await callAs(to.url, userId, {
    method: 'POST',
    path: '/api/v1/chat/stream',
    body: { message, session_id: null },
    signal: controller.signal,
  });
  expect(sent.status).toBe(200);
  const seen: SseEvent[] = [];
  for await (const event of sseEvents(sent)) {
    seen.push(event);
    if (seen.length === count) break;
  }
  controller.abort();
  return { seen, sessionId: JSON.parse(seen[0]!.data).session_id as string };
}

describe('two chat replicas', () => {
  it('a reconnect to the other replica gets the rest with no gap and no duplicate, then [DONE]', async () => {
    const userId = randomUUID();
    await allowChat(database.url, userId);
    const { seen, sessionId } = await sendAndCut(a, userId, 'What helps me switch off after work?', 4);
    const lastId = Number(seen.at(-1)!.id);

    // A reload reaching the other replica shows the reply so far, still being written.
    const during = await callAs(b.url, userId, {
      method: 'GET',
      path: `/api/v1/chat-sessions/${sessionId}/transcript`,
    });
    const entries = (await during.json()) as { role: string; streaming?: boolean; last_event_id?: number }[];
    const live = entries.at(-1)!;
    expect(live).toMatchObject({ role: 'assistant', streaming: true });
    expect(live.last_event_id).toBeGreaterThanOrEqual(lastId);
    const active = await callAs(b.url, userId, { method: 'GET', path: '/api/v1/chat/active-sessions' });
    expect(await active.json()).toMatchObject({ sessions: [{ session_id: sessionId, streaming: true }] });

    const resumed = await callAs(b.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=${lastId}`,
    });
    expect(resumed.status).toBe(200);
    const rest = await readAllEvents(resumed);
    expect(rest.at(-1)?.data).toBe('[DONE]');
    const ids = rest.filter((e) => e.id !== undefined).map((e) => Number(e.id));
    // Numbered on from the last piece seen: no gap, no repeat.
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => lastId + 1 + i));

    const transcript = await callAs(b.url, userId, {
      method: 'GET',
      path: `/api/v1/chat-sessions/${sessionId}/transcript`,
    });
    const stored = (await transcript.json()) as { role: string; content: string }[];
    expect(stored.map((e) => e.role)).toEqual(['user', 'assistant']);
    expect(stored[1]!.content).toBe(pieceText(seen) + pieceText(rest));
  });

  it('a stop reaching the other replica stops the reply where it is written, keeping its part', async () => {
    const userId = randomUUID();
    await allowChat(database.url, userId);
    const sent = await callAs(a.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message: 'I want to plan a calmer week.', session_id: null },
    });
    const events: SseEvent[] = [];
    let stopped: Response | undefined;
    for await (const event of sseEvents(sent)) {
      events.push(event);
      if (events.length === 3) {
        const sessionId = JSON.parse(events[0]!.data).session_id as string;
        stopped = await callAs(b.url, userId, {
          method: 'POST',
          path: '/api/v1/chat/stop',
          body: { session_id: sessionId },
        });
      }
    }
    expect(stopped?.status).toBe(200);
    expect(await stopped!.json()).toEqual({ stopped: true });
    // The reader on the writing replica sees the stream end cleanly, as after a local stop.
    expect(events.at(-1)?.data).toBe('[DONE]');
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    const transcript = await callAs(b.url, userId, {
      method: 'GET',
      path: `/api/v1/chat-sessions/${sessionId}/transcript`,
    });
    const stored = (await transcript.json()) as { role: string; content: string }[];
    expect(stored.map((e) => e.role)).toEqual(['user', 'assistant']);
    expect(stored[1]!.content).toBe(pieceText(events));
  });

  it('a reader on the other replica keeps the reply from being abandoned past the grace', async () => {
    const userId = randomUUID();
    await allowChat(database.url, userId);
    const { sessionId } = await sendAndCut(a, userId, 'Tell me how to make time for friends again.', 2);
    // Reading through B the whole time: A has no local reader, longer than its 1.5 s grace.
    const resumed = await callAs(b.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=1`,
    });
    const rest = await readAllEvents(resumed);
    expect(rest.at(-1)?.data).toBe('[DONE]');
    // Kept as complete, not cut off as 'interrupted' when the grace ran out on A.
    const db = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
    try {
      const rows = await db.db
        .select({ role: chatMessages.role, status: chatMessages.status })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
      expect(rows).toEqual([
        { role: 'user', status: 'complete' },
        { role: 'assistant', status: 'complete' },
      ]);
    } finally {
      await db.close();
    }
  });
});
