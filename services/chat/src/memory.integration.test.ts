import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type ChatHarness, sendMessage } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { replyText } from './testing/sse-client.ts';

// docs/product.md#memory over real HTTP on PostgreSQL, with the offline coach: the calls, their
// checks and ownership, the switch, where items come from and that the coach uses them.
let h: ChatHarness;
useIntegrationRun((harness) => {
  h = harness;
});

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field.
type Answer = { status: number; body: any };

const call = async (userId: string, method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await h.call(method, `/api/v1/memory${path}`, body, { userId });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

async function person(): Promise<string> {
  const id = randomUUID();
  await h.subscribe(id, 'monthly');
  return id;
}

async function send(userId: string, message: string, sessionId: string | null = null) {
  const sent = await sendMessage(h, userId, message, sessionId);
  await h.settle();
  return { sessionId: sent.sessionId, reply: replyText(sent.events) };
}

describe('the memory calls', () => {
  it('add, list, edit and delete the person’s own items', async () => {
    const me = await person();
    expect(await call(me, 'GET', '/')).toEqual({ status: 200, body: { items: [], enabled: true } });
    const added = await call(me, 'POST', '/', { text: '  I like to be asked one question at a time ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      kind: 'other',
      text: 'I like to be asked one question at a time',
      source: 'person',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.any(String),
    });
    const goal = await call(me, 'POST', '/', { kind: 'goal', text: 'Learn to say no at work' });
    expect(goal.body).toMatchObject({ kind: 'goal', source: 'person' });

    h.clock.advance(60_000);
    const edited = await call(me, 'PATCH', `/${added.body.id}`, {
      text: 'One question at a time',
      kind: 'preference',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: added.body.id,
      kind: 'preference',
      text: 'One question at a time',
      source: 'person',
    });
    expect(edited.body.updated_at).not.toBe(added.body.updated_at);
    expect((await call(me, 'PATCH', `/${goal.body.id}`, { kind: 'change' })).body).toMatchObject({
      kind: 'change',
      text: 'Learn to say no at work',
    });

    expect(await call(me, 'DELETE', `/${goal.body.id}`)).toEqual({ status: 204, body: null });
    const list = await call(me, 'GET', '/');
    expect(list.body.items.map((i: { text: string }) => i.text)).toEqual(['One question at a time']);
    expect((await call(me, 'DELETE', `/${goal.body.id}`)).status).toBe(404);
  });

  it('refuses what does not fit the contract with { detail, code }', async () => {
    const me = await person();
    const refused = [
      await call(me, 'POST', '/', { text: '' }),
      await call(me, 'POST', '/', { text: '   ' }),
      await call(me, 'POST', '/', { text: 'x'.repeat(501) }),
      await call(me, 'POST', '/', { text: 'Fine', kind: 'wish' }),
      await call(me, 'POST', '/', { text: 'Fine', source: 'questionnaire' }),
      await call(me, 'POST', '/', {}),
      await call(me, 'PATCH', `/${randomUUID()}`, {}),
      await call(me, 'PATCH', '/not-an-id', { text: 'Fine' }),
      await call(me, 'PUT', '/settings', { enabled: 'no' }),
      await call(me, 'PUT', '/settings', {}),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: expect.anything(), code: expect.any(String) });
    }
    expect((await call(me, 'POST', '/', { text: 'x'.repeat(500) })).status).toBe(201);
  });

  it("answers 404 for another person's item, and lists only the caller's", async () => {
    const me = await person();
    const other = await person();
    const mine = await call(me, 'POST', '/', { text: 'My sister Anna is my best support' });
    for (const [method, body] of [
      ['PATCH', { text: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(other, method, `/${mine.body.id}`, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    expect((await call(other, 'GET', '/')).body.items).toEqual([]);
    expect((await call(me, 'GET', '/')).body.items[0].text).toBe('My sister Anna is my best support');
  });

  it('keeps at most 200 items and says so clearly', async () => {
    const me = await person();
    for (let batch = 0; batch < 10; batch++)
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(me, 'POST', '/', { text: `Note ${batch * 20 + i}` })),
      );
    const full = await call(me, 'POST', '/', { text: 'One too many' });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ code: 'MEMORY_LIMIT_REACHED', detail: expect.stringContaining('200') });
    expect((await call(me, 'GET', '/')).body.items).toHaveLength(200);
  });

  it('are in the OpenAPI document with their methods', async () => {
    const doc = (await (await h.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/v1/memory/'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/memory/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(doc.paths['/api/v1/memory/settings'] ?? {}).sort()).toEqual(['get', 'put']);
  });

  it('stores the text only as ciphertext', async () => {
    const me = await person();
    const words = `Unmistakable memory ${randomUUID()}`;
    await call(me, 'POST', '/', { text: words });
    const sql = new pg.Client({ connectionString: h.service.ctx.config.DATABASE_URL });
    await sql.connect();
    try {
      const rows = await sql.query('select row_to_json(m)::text as row from memory_items m');
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.some((r: { row: string }) => r.row.includes(words))).toBe(false);
    } finally {
      await sql.end();
    }
  });
});

describe('where items come from', () => {
  it('keeps what the person asks the coach to remember in a conversation, and nothing of a crisis message', async () => {
    const me = await person();
    await send(me, 'Good morning coach. Please remember that I prefer short answers, thanks.');
    await send(me, 'Please remember that I want to kill myself.');
    const { items } = (await call(me, 'GET', '/')).body;
    expect(items).toEqual([
      expect.objectContaining({ kind: 'preference', text: 'I prefer short answers', source: 'conversation' }),
    ]);
  });

  it('draws a few items from the submitted questionnaire, once', async () => {
    const me = await person();
    await h.answers(me, [
      { questionKey: 'question_1', answerText: 'Busy, a bit lost.' },
      { questionKey: 'question_7', answerText: 'Open a small bakery with my sister. Maybe in two years.' },
      { questionKey: 'question_6', answerText: 'Long walks by the lake.' },
    ]);
    const first = await eventually(async () => {
      const { items } = (await call(me, 'GET', '/')).body;
      return items.length > 0 ? items : null;
    });
    expect(
      first.map((i: { kind: string; text: string; source: string }) => [i.kind, i.text, i.source]),
    ).toEqual([
      ['goal', 'Open a small bakery with my sister', 'questionnaire'],
      ['helps', 'Long walks by the lake', 'questionnaire'],
    ]);
    // The person deletes one; a new revision of the answers brings nothing back.
    await call(me, 'DELETE', `/${first[0].id}`);
    await h.answers(me, [{ questionKey: 'question_7', answerText: 'Travel to Japan next year.' }], 2);
    expect((await call(me, 'GET', '/')).body.items.map((i: { text: string }) => i.text)).toEqual([
      'Long walks by the lake',
    ]);
  });
});

describe('memory off', () => {
  it('keeps nothing new and uses nothing; the items stay visible and editable', async () => {
    const me = await person();
    const goal = await call(me, 'POST', '/', {
      kind: 'goal',
      text: 'My goal is to run a half marathon in spring',
    });
    // On: the coach brings the goal up when the message is about it.
    const on = await send(me, 'Training for the marathon feels so hard this week, my legs are heavy.');
    expect(on.reply).toContain('My goal is to run a half marathon in spring');

    expect(await call(me, 'PUT', '/settings', { enabled: false })).toEqual({
      status: 200,
      body: { enabled: false },
    });
    expect((await call(me, 'GET', '/settings')).body).toEqual({ enabled: false });
    const off = await send(me, 'Training for the marathon feels so hard this week, my legs are heavy.');
    expect(off.reply).not.toContain('half marathon in spring');
    await send(
      me,
      'Please remember that I prefer short answers, thanks. My goal is to learn Spanish.',
      off.sessionId,
    );
    await h.answers(me, [{ questionKey: 'question_7', answerText: 'Open a small bakery with my sister.' }]);
    const list = await call(me, 'GET', '/');
    expect(list.body.enabled).toBe(false);
    expect(list.body.items.map((i: { text: string }) => i.text)).toEqual([
      'My goal is to run a half marathon in spring',
    ]);
    expect((await call(me, 'PATCH', `/${goal.body.id}`, { text: 'Run a 10 km race' })).status).toBe(200);
    expect((await call(me, 'POST', '/', { text: 'Added by hand while off' })).status).toBe(201);

    await call(me, 'PUT', '/settings', { enabled: true });
    await send(me, 'Good morning coach. Please remember that I prefer short answers, thanks.');
    expect((await call(me, 'GET', '/')).body.items.map((i: { source: string }) => i.source)).toEqual([
      'person',
      'person',
      'conversation',
    ]);
  });
});
