import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type ChatHarness, sendMessage } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';

// GET /chat-sessions/search (ADR 0058) on PostgreSQL over HTTP, through the offline coach.
let h: ChatHarness;
let sql: pg.Client;
useIntegrationRun((harness, client) => {
  h = harness;
  sql = client;
});

interface Result {
  session_id: string;
  session_title: string;
  message_id: string;
  snippet: string;
  timestamp: string;
}

async function person(): Promise<string> {
  const userId = randomUUID();
  await h.subscribe(userId, 'monthly');
  return userId;
}

async function send(userId: string, message: string, sessionId: string | null = null): Promise<string> {
  return (await sendMessage(h, userId, message, sessionId)).sessionId;
}

/** The id of the session's first message from the person (the offline coach may quote its words). */
async function firstUserMessage(userId: string, sessionId: string): Promise<string> {
  const transcript = (await (
    await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId })
  ).json()) as Array<{ id: string; role: string }>;
  return transcript.find((m) => m.role === 'user')!.id;
}

async function search(userId: string, q: string): Promise<Result[]> {
  const response = await h.call('GET', `/api/v1/chat-sessions/search?q=${encodeURIComponent(q)}`, undefined, {
    userId,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results;
}

describe('GET /chat-sessions/search', () => {
  it('finds a message by its words in five languages, accents and case ignored, with a snippet', async () => {
    const me = await person();
    const en = await send(me, 'My sister Anna keeps calling about the wedding plans');
    const de = await send(me, 'Ich habe große Angst vor der Prüfung nächste Woche');
    const fr = await send(me, "J'ai peur de décevoir mon équipe au travail");
    const it_ = await send(me, 'Mi sento più tranquilla quando cammino in città');
    const es = await send(me, 'Quiero aprender a decir que no sin culpa, mañana empiezo');

    const cases: Array<[string, string, string]> = [
      ['WEDDING anna', en, 'wedding'],
      ['prufung', de, 'Prüfung'],
      ['GROSSE angst', de, 'große'],
      ['decevoir EQUIPE', fr, 'décevoir'],
      ['citta piu', it_, 'città'],
      ['manana', es, 'mañana'],
    ];
    for (const [q, sessionId, word] of cases) {
      const messageId = await firstUserMessage(me, sessionId);
      const results = await search(me, q);
      // Results come from this session only (its message, and the coach's reply when it quotes it).
      expect(new Set(results.map((r) => r.session_id)), q).toEqual(new Set([sessionId]));
      const mine = results.find((r) => r.message_id === messageId);
      expect(mine, q).toBeDefined();
      expect(mine!.snippet).toContain(word);
      const session = (await (
        await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId: me })
      ).json()) as { session_title: string };
      expect(mine!.session_title).toBe(session.session_title);
      expect(Number.isNaN(Date.parse(mine!.timestamp))).toBe(false);
    }
    // Every word must be there; a word in no message finds nothing.
    expect(await search(me, 'wedding prüfung')).toEqual([]);
    expect(await search(me, 'xylophone')).toEqual([]);
  });

  it("finds only the caller's own messages", async () => {
    const me = await person();
    const other = await person();
    await send(other, 'The lighthouse keeper story stays with me');
    expect(await search(me, 'lighthouse')).toEqual([]);
    const theirs = await search(other, 'lighthouse');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.snippet.toLowerCase().includes('lighthouse'))).toBe(true);
  });

  it('finds the newest first, and a removed session no longer', async () => {
    const me = await person();
    const first = await send(me, 'Gardening calms me on Sundays');
    const second = await send(me, 'More gardening today, the roses are out');
    const sessions = (results: Result[]) => [...new Set(results.map((r) => r.session_id))];
    const results = await search(me, 'gardening');
    expect(sessions(results)).toEqual([second, first]);
    expect(results.map((r) => r.timestamp)).toEqual(
      results
        .map((r) => r.timestamp)
        .sort()
        .reverse(),
    );
    expect(
      (await h.call('DELETE', `/api/v1/chat-sessions/${second}`, undefined, { userId: me })).status,
    ).toBe(200);
    expect(sessions(await search(me, 'gardening'))).toEqual([first]);
    const left = await sql.query('select 1 from chat_search_tokens where session_id = $1', [second]);
    expect(left.rowCount).toBe(0);
  });

  it('indexes the coach replies too, and the index never holds a word of the messages', async () => {
    const me = await person();
    const sessionId = await send(me, 'Serendipity brought me here');
    const transcript = (await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId: me })
    ).json()) as Array<{ id: string; role: string; content: string }>;
    const reply = transcript.find((m) => m.role === 'assistant')!;
    const replyWord = reply.content.match(/\p{L}{6,}/u)![0];
    expect((await search(me, replyWord)).some((r) => r.message_id === reply.id)).toBe(true);

    const rows = await sql.query<{ row: string }>(
      'select row_to_json(t)::text as row from chat_search_tokens t where user_id = $1',
      [me],
    );
    expect(rows.rowCount).toBeGreaterThan(3);
    const all = rows.rows.map((r) => r.row.toLowerCase()).join('\n');
    for (const word of ['serendipity', 'brought', 'here', replyWord.toLowerCase()])
      expect(all).not.toContain(word);
  });

  it('refuses a missing, blank or too long query in the error shape', async () => {
    const me = await person();
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const response = await h.call(
        'GET',
        `/api/v1/chat-sessions/search?q=${encodeURIComponent(q)}`,
        undefined,
        {
          userId: me,
        },
      );
      expect(response.status).toBe(422);
      const body = (await response.json()) as { detail: unknown; code: string };
      expect(body.code).toBeTypeOf('string');
      expect(body.detail).toBeDefined();
    }
    const none = await h.call('GET', '/api/v1/chat-sessions/search', undefined, { userId: me });
    expect(none.status).toBe(422);
    expect((await search(me, ` ${'a'.repeat(199)} `)).length).toBe(0);
  });
});
