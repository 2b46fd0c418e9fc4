import { randomUUID } from 'node:crypto';
import { ATTACHMENT_MESSAGE_MARK } from '@innerview/contracts/chat';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { encryptMessage } from './actions/stored-text.ts';
import { insertMessage } from './db/messages.ts';
import { type ChatHarness, useChatHarness } from './testing/chat-harness.ts';

// `GET /chat-sessions/{id}/transcript?limit=&before=`: the pages the chat remote reads, newest
// first, against the whole transcript of docs/product.md#chat-calls.
let h: ChatHarness;
useChatHarness((harness) => {
  h = harness;
});

type Entry = { id: string; role: string; content: string; timestamp: string; hidden: boolean };

// biome-ignore lint/suspicious/noExplicitAny: a page or an error body, as the caller expects it
async function get(userId: string, path: string): Promise<{ status: number; body: any }> {
  const response = await h.call('GET', path, undefined, { userId });
  return { status: response.status, body: await response.json() };
}

async function newSession(userId: string): Promise<string> {
  const response = await h.call('POST', '/api/v1/chat-sessions/', {}, { userId });
  return ((await response.json()) as { id: string }).id;
}

/**
 * Stores messages as the send path does (encrypted, one row each), three per millisecond: pages
 * must be cut by id as well as by time. Ids `ordered` (UUIDv7, as the service makes them) keep the
 * stored order; `random` ones put each millisecond's three in an order of their own.
 */
async function store(
  userId: string,
  sessionId: string,
  messages: Array<{ role: 'user' | 'assistant'; content: string; hidden?: boolean }>,
  ids: 'ordered' | 'random' = 'ordered',
): Promise<void> {
  const start = Date.parse('2026-05-01T10:00:00.000Z');
  for (const [i, message] of messages.entries()) {
    const id = ids === 'ordered' ? uuidv7() : randomUUID();
    await insertMessage(h.chat.service.db, {
      id,
      sessionId,
      userId,
      role: message.role,
      kind: message.hidden ? 'attachment' : 'message',
      contentCiphertext: await encryptMessage(h.chat, userId, id, message.content),
      hidden: message.hidden ?? false,
      status: 'complete',
      createdAt: new Date(start + Math.floor(i / 3)),
    });
  }
}

const conversation = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant',
    content: `message ${i}`,
  }));

/** Reads a session page by page, newest first, the way the remote does; returns the pages. */
async function readPages(userId: string, sessionId: string, limit: number): Promise<Entry[][]> {
  const pages: Entry[][] = [];
  let before: string | undefined;
  for (;;) {
    const query = before ? `?limit=${limit}&before=${before}` : `?limit=${limit}`;
    const page = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript${query}`);
    expect(page.status).toBe(200);
    pages.unshift(page.body);
    if (page.body.length < limit) return pages;
    before = page.body[0].id;
    if (pages.length > 1000) throw new Error('paging does not end');
  }
}

describe('transcript pages', () => {
  it('answers the whole transcript without parameters, and pages of it that join up without a gap or a repeat', async () => {
    const userId = randomUUID();
    const sessionId = await newSession(userId);
    await store(userId, sessionId, conversation(107), 'random');

    const whole = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript`);
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(107);
    expect(new Set(whole.body.map((e: Entry) => e.content))).toEqual(
      new Set(conversation(107).map((m) => m.content)),
    );
    expect(Object.keys(whole.body[0]).sort()).toEqual(['content', 'hidden', 'id', 'role', 'timestamp']);

    for (const limit of [1, 2, 10, 50, 106, 107, 500]) {
      const pages = await readPages(userId, sessionId, limit);
      const joined = pages.flat();
      expect(joined.map((e) => e.id)).toEqual(whole.body.map((e: Entry) => e.id));
      expect(joined).toEqual(whole.body);
      // Every page but the first (oldest) one is full.
      for (const page of pages.slice(1)) expect(page).toHaveLength(limit);
    }
  });

  it('gives the newest messages first, and with `before` only older ones', async () => {
    const userId = randomUUID();
    const sessionId = await newSession(userId);
    await store(userId, sessionId, conversation(12));
    const whole = (await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript`)).body as Entry[];

    const newest = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript?limit=5`);
    expect(newest.body.map((e: Entry) => e.content)).toEqual([7, 8, 9, 10, 11].map((i) => `message ${i}`));
    const older = await get(
      userId,
      `/api/v1/chat-sessions/${sessionId}/transcript?limit=5&before=${whole[7]!.id}`,
    );
    expect(older.body.map((e: Entry) => e.content)).toEqual([2, 3, 4, 5, 6].map((i) => `message ${i}`));
    const rest = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript?before=${whole[2]!.id}`);
    expect(rest.body.map((e: Entry) => e.content)).toEqual(['message 0', 'message 1']);
    const none = await get(
      userId,
      `/api/v1/chat-sessions/${sessionId}/transcript?limit=5&before=${whole[0]!.id}`,
    );
    expect(none).toEqual({ status: 200, body: [] });
  });

  it('keeps hidden messages hidden, and an attachment note on the page of the message it belongs to', async () => {
    const userId = randomUUID();
    const sessionId = await newSession(userId);
    const note = `${ATTACHMENT_MESSAGE_MARK} notes.pdf`;
    await store(userId, sessionId, [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'first reply' },
      { role: 'user', content: note, hidden: true },
      { role: 'user', content: 'with a file' },
      { role: 'assistant', content: 'file reply' },
      { role: 'user', content: 'last' },
      { role: 'assistant', content: 'last reply' },
    ]);

    // Four newest would start at 'with a file': its note, hidden, comes along.
    const newest = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript?limit=4`);
    expect(newest.body.map((e: Entry) => [e.content, e.hidden])).toEqual([
      [note, true],
      ['with a file', false],
      ['file reply', false],
      ['last', false],
      ['last reply', false],
    ]);
    const older = await get(
      userId,
      `/api/v1/chat-sessions/${sessionId}/transcript?limit=4&before=${newest.body[0].id}`,
    );
    expect(older.body.map((e: Entry) => [e.content, e.hidden])).toEqual([
      ['first', false],
      ['first reply', false],
    ]);
    const whole = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript`);
    expect([...older.body, ...newest.body]).toEqual(whole.body);
    for (const limit of [1, 2, 3])
      expect((await readPages(userId, sessionId, limit)).flat()).toEqual(whole.body);
  });

  it.each([
    ['limit=0'],
    ['limit=501'],
    ['limit=-1'],
    ['limit=2.5'],
    ['limit=ten'],
    ['limit='],
    ['limit=5&limit=6'],
    ['before=not-an-id'],
    ['before=5'],
  ])('answers a bad parameter (%s) with a 400 in the error shape', async (query) => {
    const userId = randomUUID();
    const sessionId = await newSession(userId);
    const answer = await get(userId, `/api/v1/chat-sessions/${sessionId}/transcript?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect(Array.isArray(answer.body.detail)).toBe(true);
    expect(answer.body.detail[0].loc[0]).toBe('query');
  });

  it("answers a cursor that is not a message of the session with a 400, even another session's own", async () => {
    const userId = randomUUID();
    const sessionId = await newSession(userId);
    const other = await newSession(userId);
    await store(userId, other, conversation(2));
    const otherIds = (await get(userId, `/api/v1/chat-sessions/${other}/transcript`)).body.map(
      (e: Entry) => e.id,
    );
    for (const before of [randomUUID(), otherIds[1]]) {
      const answer = await get(
        userId,
        `/api/v1/chat-sessions/${sessionId}/transcript?limit=5&before=${before}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.detail[0].loc).toEqual(['query', 'before']);
    }
  });

  it("keeps another person's session a 404, with or without paging parameters, good or bad", async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const sessionId = await newSession(owner);
    await store(owner, sessionId, conversation(4));
    const ids = (await get(owner, `/api/v1/chat-sessions/${sessionId}/transcript`)).body.map(
      (e: Entry) => e.id,
    );
    for (const query of ['', '?limit=2', `?limit=2&before=${ids[3]}`, '?limit=0', '?before=x']) {
      const answer = await get(stranger, `/api/v1/chat-sessions/${sessionId}/transcript${query}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
  });
});
