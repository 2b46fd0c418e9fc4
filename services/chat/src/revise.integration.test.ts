import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findVerdict } from './db/access.ts';
import { type ChatHarness, sendMessage } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { ScriptedCoach } from './testing/scripted-coach.ts';
import { readSse, replyText } from './testing/sse-client.ts';

// Edit the last message and regenerate the last reply (ADR 0058) on PostgreSQL, over HTTP.
const coach = new ScriptedCoach({ delayMs: 2 });
let h: ChatHarness;
let sql: pg.Client;
useIntegrationRun(
  (harness, client) => {
    h = harness;
    sql = client;
  },
  { coach },
);

interface Entry {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  hidden: boolean;
  version?: { index: number; count: number };
}
interface Version {
  id: string;
  role: string;
  content: string;
  current: boolean;
  reply: { id: string; content: string; current: boolean } | null;
}

const says = (words: string) => words.split(' ').map((w) => `${w} `);

async function person(status: 'monthly' | 'freemium' = 'monthly', trialTokensRemaining?: number) {
  const userId = randomUUID();
  await h.subscribe(
    userId,
    status,
    status === 'freemium'
      ? { periodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString(), trialTokensRemaining }
      : {},
  );
  return userId;
}

async function send(
  userId: string,
  message: string,
  sessionId: string | null = null,
  reply = 'first answer',
) {
  coach.pieces = says(reply);
  return (await sendMessage(h, userId, message, sessionId)).sessionId;
}

async function transcript(userId: string, sessionId: string): Promise<Entry[]> {
  const response = await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, {
    userId,
  });
  return (await response.json()) as Entry[];
}

const edit = (userId: string, sessionId: string, messageId: string, message: string, headers = {}) =>
  h.call(
    'POST',
    `/api/v1/chat-sessions/${sessionId}/messages/${messageId}/edit`,
    { message },
    { userId, headers },
  );
const regenerate = (userId: string, sessionId: string, headers = {}) =>
  h.call('POST', `/api/v1/chat-sessions/${sessionId}/regenerate`, {}, { userId, headers });

async function versions(userId: string, sessionId: string, messageId: string): Promise<Version[]> {
  const response = await h.call(
    'GET',
    `/api/v1/chat-sessions/${sessionId}/messages/${messageId}/versions`,
    undefined,
    { userId },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { versions: Version[] }).versions;
}

async function messageCount(sessionId: string): Promise<number> {
  const rows = await sql.query('select 1 from chat_messages where session_id = $1', [sessionId]);
  return rows.rowCount ?? 0;
}

describe('edit the last message', () => {
  it('streams a new reply to the new text and keeps the earlier text and reply as version 1 of 2', async () => {
    const me = await person();
    const sessionId = await send(me, 'I want to run more');
    const [message] = await transcript(me, sessionId);
    coach.pieces = says('second answer');
    const response = await edit(me, sessionId, message!.id, 'I want to swim more');
    expect(response.status).toBe(200);
    expect(replyText(await readSse(response))).toBe('second answer ');

    const now = await transcript(me, sessionId);
    expect(now.map((e) => [e.role, e.content, e.version])).toEqual([
      ['user', 'I want to swim more', { index: 2, count: 2 }],
      ['assistant', 'second answer ', undefined],
    ]);
    const kept = await versions(me, sessionId, now[0]!.id);
    expect(kept.map((v) => [v.content, v.current, v.reply?.content, v.reply?.current])).toEqual([
      ['I want to run more', false, 'first answer ', false],
      ['I want to swim more', true, 'second answer ', true],
    ]);
    // The coach was asked about the new text, with the earlier one out of the conversation.
    const asked = coach.replies.at(-1)!.request;
    expect(asked.message).toBe('I want to swim more');
    expect(JSON.stringify(asked.history)).not.toContain('run more');
    // Search finds the current text, not the replaced one.
    const found = async (q: string) =>
      (
        (await (
          await h.call('GET', `/api/v1/chat-sessions/search?q=${q}`, undefined, { userId: me })
        ).json()) as {
          results: unknown[];
        }
      ).results.length;
    expect(await found('swim')).toBe(1);
    expect(await found('run')).toBe(0);
  });

  it('refuses any message but the last (409 NOT_LAST_MESSAGE), and another person’s session (404)', async () => {
    const me = await person();
    const sessionId = await send(me, 'One');
    await send(me, 'Two', sessionId);
    const [first] = await transcript(me, sessionId);
    const refused = await edit(me, sessionId, first!.id, 'Changed');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'NOT_LAST_MESSAGE', detail: expect.any(String) });
    const stranger = await person();
    expect((await edit(stranger, sessionId, first!.id, 'Mine now')).status).toBe(404);
    expect((await regenerate(stranger, sessionId)).status).toBe(404);
    expect((await edit(me, sessionId, 'not-an-id', 'x')).status).toBe(404);
    expect((await edit(me, sessionId, first!.id, '   ')).status).toBe(422);
  });

  it('gives the care reply to an edit that reads as a crisis', async () => {
    const me = await person();
    const sessionId = await send(me, 'Work was long today');
    const [message] = await transcript(me, sessionId);
    const response = await edit(me, sessionId, message!.id, 'I want to kill myself tonight');
    const text = replyText(await readSse(response));
    expect(text).toContain('https://findahelpline.com');
    await h.waitForEvent('chat.safety.flagged', (e) => e.data.userId === me);
    const now = await transcript(me, sessionId);
    expect(now.at(-1)!.content).toBe(text);
  });

  it('resumed with Last-Event-ID after the reply ended, stores nothing a second time', async () => {
    const me = await person();
    const sessionId = await send(me, 'Hello there');
    const [message] = await transcript(me, sessionId);
    await readSse(await edit(me, sessionId, message!.id, 'Hello again'));
    const stored = await messageCount(sessionId);
    // The reconnect is given the rest of the reply it started (here: its end), not a second reply.
    const again = await edit(me, sessionId, message!.id, 'Hello again', { 'Last-Event-ID': '1' });
    expect(again.status).toBe(200);
    const rest = await readSse(again);
    expect(rest.at(-1)?.data).toBe('[DONE]');
    expect(rest.every((e) => e.id === undefined || Number(e.id) > 1)).toBe(true);
    const regenerated = await regenerate(me, sessionId, { 'Last-Event-ID': '2' });
    expect(regenerated.status).toBe(200);
    await readSse(regenerated);
    expect(await messageCount(sessionId)).toBe(stored);
    expect((await transcript(me, sessionId)).map((e) => e.content)).toEqual(['Hello again', 'first answer ']);
  });
});

describe('regenerate the last reply', () => {
  it('streams a new reply to the same message and keeps the earlier reply as a version', async () => {
    const me = await person();
    const sessionId = await send(me, 'What could help me sleep?');
    coach.pieces = says('another answer');
    const response = await regenerate(me, sessionId);
    expect(response.status).toBe(200);
    expect(replyText(await readSse(response))).toBe('another answer ');
    const now = await transcript(me, sessionId);
    expect(now.map((e) => [e.role, e.content, e.version])).toEqual([
      ['user', 'What could help me sleep?', undefined],
      ['assistant', 'another answer ', { index: 2, count: 2 }],
    ]);
    const kept = await versions(me, sessionId, now[1]!.id);
    expect(kept.map((v) => [v.content, v.current])).toEqual([
      ['first answer ', false],
      ['another answer ', true],
    ]);
    // The message was answered again, not stored again.
    expect(await messageCount(sessionId)).toBe(3);
    expect(coach.replies.at(-1)!.request.message).toBe('What could help me sleep?');
  });

  it('refuses while a reply is being written (409 REPLY_IN_PROGRESS), and with no reply to regenerate', async () => {
    const me = await person();
    const sessionId = await send(me, 'A slow one');
    coach.pieces = says('slow '.repeat(40));
    coach.delayMs = 25;
    try {
      const running = await regenerate(me, sessionId);
      expect(running.status).toBe(200);
      await eventually(async () =>
        (await transcript(me, sessionId)).some((e) => 'streaming' in e && e.streaming),
      );
      const [message] = await transcript(me, sessionId);
      for (const refused of [
        await regenerate(me, sessionId),
        await edit(me, sessionId, message!.id, 'Other'),
      ]) {
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ code: 'REPLY_IN_PROGRESS' });
      }
      await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId: me });
      await readSse(running);
    } finally {
      coach.delayMs = 2;
    }
    const empty = await h.call('POST', '/api/v1/chat-sessions/', {}, { userId: me });
    const { id } = (await empty.json()) as { id: string };
    const nothing = await regenerate(me, id);
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({ code: 'NOTHING_TO_REGENERATE' });
  });

  it('meters each new reply against the trial quota, edit and regenerate alike', async () => {
    const me = await person('freemium', 1000);
    const sessionId = await send(me, 'Planning my week');
    const left = async () => (await findVerdict(h.service.ctx.db, me))?.trialTokensRemaining ?? 0;
    const afterSend = await left();
    expect(afterSend).toBeLessThan(1000);
    await readSse(await regenerate(me, sessionId));
    const afterRegenerate = await left();
    expect(afterRegenerate).toBeLessThan(afterSend);
    const [message] = await transcript(me, sessionId);
    await readSse(await edit(me, sessionId, message!.id, 'Planning my month'));
    expect(await left()).toBeLessThan(afterRegenerate);
    const consumed = await eventually(async () => {
      const seen = h.eventsOf('chat.tokens.consumed').filter((e) => e.data.userId === me);
      return seen.length === 3 ? seen : undefined;
    });
    expect(consumed.every((e) => e.data.sessionId === sessionId)).toBe(true);
  });
});
