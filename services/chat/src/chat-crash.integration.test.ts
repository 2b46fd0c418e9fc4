import { randomUUID } from 'node:crypto';
import { generateKeyText } from '@innerview/crypto';
import { openDatabase } from '@innerview/kit';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

// The chat service killed (SIGKILL) in the middle of a reply, then started again on the same
// PostgreSQL database, as an orchestrator would restart it (ADR 0039).
const LEASE_MS = 1_500;
const database = useProcessDatabase('iv_chat_crash');
const keys = { MASTER_KEY: generateKeyText(), EVENT_PAYLOAD_KEY: generateKeyText() };

const startChat = () =>
  startChatProcess({
    ...keys,
    DATABASE_URL: database.url,
    EVENT_BUS: 'memory',
    // Slow enough that the kill lands in the middle of the reply.
    OFFLINE_COACH_DELAY_MS: '150',
    CHAT_REPLY_LEASE_MS: String(LEASE_MS),
  });

/** Sends a message and reads its stream until `count` events have come, then kills the process. */
async function sendAndKillAfter(chat: ChatProcess, userId: string, message: string, count: number) {
  const sent = await callAs(chat.url, userId, {
    method: 'POST',
    path: '/api/v1/chat/stream',
    body: { message, session_id: null },
  });
  expect(sent.status).toBe(200);
  const seen: SseEvent[] = [];
  try {
    for await (const event of sseEvents(sent)) {
      seen.push(event);
      if (seen.length === count) await chat.kill();
    }
  } catch {
    // The connection breaks with the process.
  }
  return { seen, sessionId: JSON.parse(seen[0]!.data).session_id as string };
}

async function storedMessages(sessionId: string) {
  const db = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
  try {
    return await db.db
      .select({ role: chatMessages.role, replyFailed: chatMessages.replyFailed })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.kind, 'message')))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  } finally {
    await db.close();
  }
}

describe('the chat service killed mid-reply', () => {
  it('fails the unfinished reply clearly, never stores the message twice, and the retry answers', async () => {
    let chat = await startChat();
    const userId = randomUUID();
    await allowChat(database.url, userId);
    const message = 'I keep putting off the conversation with my manager about my workload.';
    const { seen, sessionId } = await sendAndKillAfter(chat, userId, message, 4);
    // No end marker and no error: the client only knows the connection is gone.
    expect(seen.some((e) => e.data === '[DONE]' || e.event === 'error')).toBe(false);
    const lastId = Number(seen.at(-1)!.id);

    chat = await startChat();
    // The reader reconnects: a clear failure it can retry, not a 404 or a silent end.
    const resumed = await callAs(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=${lastId}`,
    });
    expect(resumed.status).toBe(200);
    const resumeEvents = await readAllEvents(resumed);
    expect(resumeEvents.at(-1)?.event).toBe('error');
    expect(JSON.parse(resumeEvents.at(-1)!.data)).toEqual({
      detail: 'The coach could not answer just now. Please try again.',
      code: 'REPLY_INTERRUPTED',
    });

    // The transcript shows the message as failed, once.
    const transcript = await callAs(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat-sessions/${sessionId}/transcript`,
    });
    expect(await transcript.json()).toMatchObject([{ role: 'user', content: message, failed: true }]);

    // A client re-posting with Last-Event-ID reconnects; it does not send the message again.
    const reposted = await callAs(chat.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message, session_id: sessionId },
      headers: { 'last-event-id': String(lastId) },
    });
    expect(reposted.status).toBe(200);
    expect((await readAllEvents(reposted)).at(-1)?.event).toBe('error');
    expect(await storedMessages(sessionId)).toEqual([{ role: 'user', replyFailed: true }]);

    // The retry (the same text, no Last-Event-ID) reuses the failed message and gets a whole reply.
    const retried = await callAs(chat.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message, session_id: sessionId },
    });
    expect(retried.status).toBe(200);
    expect((await readAllEvents(retried)).at(-1)?.data).toBe('[DONE]');
    expect(await storedMessages(sessionId)).toEqual([
      { role: 'user', replyFailed: false },
      { role: 'assistant', replyFailed: false },
    ]);
  });

  it('a reconnect before the dead process lease ran out waits for it, then fails the reply', async () => {
    let chat = await startChat();
    const userId = randomUUID();
    await allowChat(database.url, userId);
    const { sessionId } = await sendAndKillAfter(chat, userId, 'How do I start saying no at work?', 3);
    chat = await startChat();
    // The restart may come before the dead process's claim runs out: the reconnect waits for it.
    const started = Date.now();
    const resumed = await callAs(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=2`,
    });
    const answer = await readAllEvents(resumed);
    expect(answer.at(-1)?.event).toBe('error');
    expect(JSON.parse(answer.at(-1)!.data).code).toBe('REPLY_INTERRUPTED');
    // Settled within about one lease, not left hanging.
    expect(Date.now() - started).toBeLessThan(LEASE_MS * 2 + 1_000);
  });
});
