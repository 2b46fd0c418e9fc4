import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { generateKeyText } from '@innerview/crypto';
import { openDatabase, USER_ID_HEADER } from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySubscriptionChange } from './db/access.ts';
import { chatMessages } from './db/schema.ts';
import { type SseEvent, sseEvents } from './testing/sse-client.ts';

// The chat service killed (SIGKILL) in the middle of a reply, then started again on the same
// PostgreSQL database, as an orchestrator would restart it (ADR 0039).
const LEASE_MS = 1_500;
const main = path.resolve(import.meta.dirname, 'main.ts');
let database: { url: string; drop(): Promise<void> };
const env = { MASTER_KEY: generateKeyText(), EVENT_PAYLOAD_KEY: generateKeyText() };
const children = new Set<ChildProcess>();

/** Starts `node src/main.ts` alone and resolves with its address once it logs that it listens. */
async function startChat(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      EVENT_BUS: 'memory',
      JOBS: 'memory',
      // Slow enough that the kill lands in the middle of the reply.
      OFFLINE_COACH_DELAY_MS: '150',
      CHAT_REPLY_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`chat exited with ${code}`)));
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'service started' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
  });
  return { url, child };
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function call(
  url: string,
  userId: string,
  init: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
) {
  return fetch(`${url}${init.path}`, {
    method: init.method,
    headers: {
      [USER_ID_HEADER]: userId,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function readAll(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of sseEvents(response)) events.push(event);
  return events;
}

async function userMessages(sessionId: string) {
  const db = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
  try {
    return await db.db
      .select({ id: chatMessages.id, role: chatMessages.role, replyFailed: chatMessages.replyFailed })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.kind, 'message')))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase('iv_chat_crash');
});

afterAll(async () => {
  await Promise.all([...children].map(kill));
  await database?.drop();
});

describe('the chat service killed mid-reply', () => {
  it('fails the unfinished reply clearly, never stores the message twice, and the retry answers', async () => {
    let chat = await startChat();
    const userId = randomUUID();
    // The person may chat: billing's word, applied as chat's projection applies it.
    const db = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
    const now = new Date();
    await applySubscriptionChange(
      db.db,
      {
        userId,
        status: 'monthly',
        plan: 'monthly',
        periodEnd: new Date(now.getTime() + 20 * 86_400_000),
        trialTokensRemaining: null,
        changedAt: now,
      },
      now,
    );
    await db.close();

    const message = 'I keep putting off the conversation with my manager about my workload.';
    const controller = new AbortController();
    const sent = await fetch(`${chat.url}/api/v1/chat/stream`, {
      method: 'POST',
      headers: { [USER_ID_HEADER]: userId, 'content-type': 'application/json' },
      body: JSON.stringify({ message, session_id: null }),
      signal: controller.signal,
    });
    expect(sent.status).toBe(200);
    const seen: SseEvent[] = [];
    const reading = (async () => {
      try {
        for await (const event of sseEvents(sent)) {
          seen.push(event);
          // Killed once the reply is under way: the opening event and three pieces.
          if (seen.length === 4) await kill(chat.child);
        }
      } catch {
        // The connection breaks with the process.
      }
    })();
    await reading;
    controller.abort();
    const sessionId = JSON.parse(seen[0]!.data).session_id as string;
    // No end marker and no error: the client only knows the connection is gone.
    expect(seen.some((e) => e.data === '[DONE]' || e.event === 'error')).toBe(false);

    chat = await startChat();
    const lastId = Number(seen.at(-1)!.id);

    // The reader reconnects: a clear failure it can retry, not a 404 or a silent end.
    const resumed = await call(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=${lastId}`,
    });
    expect(resumed.status).toBe(200);
    const resumeEvents = await readAll(resumed);
    expect(resumeEvents.at(-1)?.event).toBe('error');
    expect(JSON.parse(resumeEvents.at(-1)!.data)).toEqual({
      detail: 'The coach could not answer just now. Please try again.',
      code: 'REPLY_INTERRUPTED',
    });

    // The transcript shows the message as failed, once.
    const transcript = await call(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat-sessions/${sessionId}/transcript`,
    });
    expect(transcript.status).toBe(200);
    expect(await userMessages(sessionId)).toMatchObject([{ role: 'user', replyFailed: true }]);

    // A client re-posting with Last-Event-ID reconnects; it does not send the message again.
    const reposted = await call(chat.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message, session_id: sessionId },
      headers: { 'last-event-id': String(lastId) },
    });
    expect(reposted.status).toBe(200);
    expect((await readAll(reposted)).at(-1)?.event).toBe('error');
    expect(await userMessages(sessionId)).toHaveLength(1);

    // The retry (the same text, no Last-Event-ID) reuses the failed message and gets a whole reply.
    const retried = await call(chat.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message, session_id: sessionId },
    });
    expect(retried.status).toBe(200);
    const retryEvents = await readAll(retried);
    expect(retryEvents.at(-1)?.data).toBe('[DONE]');
    const stored = await userMessages(sessionId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[0]!.replyFailed).toBe(false);
  });

  it('a reconnect before the dead process lease ran out waits for it, then fails the reply', async () => {
    let chat = await startChat();
    const userId = randomUUID();
    const db = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
    const now = new Date();
    await applySubscriptionChange(
      db.db,
      {
        userId,
        status: 'monthly',
        plan: 'monthly',
        periodEnd: new Date(now.getTime() + 86_400_000 * 20),
        trialTokensRemaining: null,
        changedAt: now,
      },
      now,
    );
    await db.close();
    const sent = await call(chat.url, userId, {
      method: 'POST',
      path: '/api/v1/chat/stream',
      body: { message: 'How do I start saying no at work?', session_id: null },
    });
    const events: SseEvent[] = [];
    try {
      for await (const event of sseEvents(sent)) {
        events.push(event);
        if (events.length === 3) await kill(chat.child);
      }
    } catch {
      // The connection breaks with the process.
    }
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    chat = await startChat();
    // The restart may come before the dead process's claim runs out: the reconnect waits for it.
    const started = Date.now();
    const resumed = await call(chat.url, userId, {
      method: 'GET',
      path: `/api/v1/chat/stream/${sessionId}/resume?after=2`,
    });
    const answer = await readAll(resumed);
    expect(answer.at(-1)?.event).toBe('error');
    expect(JSON.parse(answer.at(-1)!.data).code).toBe('REPLY_INTERRUPTED');
    // Settled within about one lease, not left hanging.
    expect(Date.now() - started).toBeLessThan(LEASE_MS * 2 + 1_000);
  });
});
