import { randomBytes, randomUUID } from 'node:crypto';
import { USER_ID_HEADER } from '@innerview/kit';
import { INTERNAL_EXPORT_PATH } from '@innerview/kit/internal';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type ChatHarness, sendMessage } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { replyText } from './testing/sse-client.ts';

// Chat's part of the person's data export (ADR 17) on PostgreSQL: sessions and messages decrypted
// for their owner only, to a call another service signed (ADR 43).
let h: ChatHarness;
useIntegrationRun((harness) => {
  h = harness;
});

/** As the auth service asks: signed by auth with `key`, or unsigned (`null`). */
async function exportOf(userId: string, key: string | null = testSigningKey) {
  const url = `${h.service.url}${INTERNAL_EXPORT_PATH}`;
  const headers = { [USER_ID_HEADER]: userId };
  const response = key
    ? await signedFetch({ current: key }, url, { headers, caller: 'auth' })
    : await fetch(url, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the export is read field by field.
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function send(userId: string, message: string, sessionId: string | null = null) {
  const sent = await sendMessage(h, userId, message, sessionId);
  return { sessionId: sent.sessionId, reply: replyText(sent.events) };
}

describe('GET /internal/export', () => {
  it("gives the person's sessions with titles and decrypted messages, removed ones marked, and no one else's", async () => {
    const me = randomUUID();
    const other = randomUUID();
    await h.subscribe(me, 'monthly');
    await h.subscribe(other, 'monthly');
    const first = await send(me, 'How do I prepare for a difficult salary negotiation?');
    await h.call('PUT', `/api/v1/chat-sessions/${first.sessionId}`, { title: 'Salary talk' }, { userId: me });
    h.clock.advance(60_000);
    const second = await send(me, 'I keep postponing my tax return.');
    await h.call('DELETE', `/api/v1/chat-sessions/${second.sessionId}`, undefined, { userId: me });
    await send(other, 'A message of somebody else entirely');

    const answer = await exportOf(me);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { sessions } = answer.body;
    expect(sessions.map((s: { id: string }) => s.id)).toEqual([first.sessionId, second.sessionId]);
    expect(sessions[0]).toMatchObject({
      session_title: 'Salary talk',
      deleted: false,
      deleted_at: null,
      total_tokens: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(sessions[0].total_tokens).toBeGreaterThan(0);
    expect(sessions[0].messages).toEqual([
      expect.objectContaining({
        role: 'user',
        content: 'How do I prepare for a difficult salary negotiation?',
        kind: 'message',
        hidden: false,
        timestamp: expect.any(String),
      }),
      expect.objectContaining({ role: 'assistant', content: first.reply, status: 'complete' }),
    ]);
    expect(sessions[1]).toMatchObject({ deleted: true, deleted_at: expect.any(String) });
    expect(sessions[1].messages[0].content).toBe('I keep postponing my tax return.');

    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('somebody else');
    expect(text).not.toContain(other);
    expect(text).not.toContain('ciphertext');
  });

  it('answers an empty list for someone chat does not know', async () => {
    expect(await exportOf(randomUUID())).toMatchObject({
      status: 200,
      body: { sessions: [], memory: { enabled: true, items: [] } },
    });
  });

  it('gives the memory items decrypted, with their kind and source, and whether memory is on', async () => {
    const me = randomUUID();
    const other = randomUUID();
    await h.subscribe(me, 'monthly');
    await send(me, 'Good morning coach. Please remember that I prefer short answers, thanks.');
    await h.settle();
    await h.call('POST', '/api/v1/memory/', { kind: 'goal', text: 'Run a 10 km race' }, { userId: me });
    await h.call('PUT', '/api/v1/memory/settings', { enabled: false }, { userId: me });
    await h.call('POST', '/api/v1/memory/', { text: 'Not mine to export' }, { userId: other });
    const { body } = await exportOf(me);
    expect(body.memory).toEqual({
      enabled: false,
      items: [
        expect.objectContaining({
          kind: 'preference',
          text: 'I prefer short answers',
          source: 'conversation',
        }),
        expect.objectContaining({
          kind: 'goal',
          text: 'Run a 10 km race',
          source: 'person',
          created_at: expect.any(String),
        }),
      ],
    });
    expect(JSON.stringify(body)).not.toContain('Not mine to export');
  });

  it('is refused without the internal token, with a wrong one, and for an id that is not one', async () => {
    const me = randomUUID();
    expect((await exportOf(me, null)).status).toBe(401);
    expect((await exportOf(me, randomBytes(32).toString('base64url'))).status).toBe(401);
    expect((await exportOf('not-a-uuid')).status).toBe(422);
  });

  it('stores only ciphertext of what the export shows in clear', async () => {
    const me = randomUUID();
    await h.subscribe(me, 'monthly');
    const words = `Unmistakable words ${randomUUID()}`;
    await send(me, words);
    expect(JSON.stringify((await exportOf(me)).body)).toContain(words);
    const sql = new pg.Client({ connectionString: h.service.ctx.config.DATABASE_URL });
    await sql.connect();
    try {
      const rows = await sql.query('select row_to_json(m)::text as row from chat_messages m');
      expect(rows.rows.some((r: { row: string }) => r.row.includes(words))).toBe(false);
    } finally {
      await sql.end();
    }
  });
});
