import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sweepDueCheckins } from './actions/checkins.ts';
import { backfillSearchIndex } from './actions/search-backfill.ts';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { readSse } from './testing/sse-client.ts';

// The search backfill (ADR 0063) on PostgreSQL: messages the index lacks are found after it runs,
// once, across a stop between batches, for their owner only; and the coach's check-in opening is
// indexed when it is written.
let h: ChatHarness;
let sql: pg.Client;
useIntegrationRun((harness, client) => {
  h = harness;
  sql = client;
});

async function person(): Promise<string> {
  const userId = randomUUID();
  await h.subscribe(userId, 'monthly');
  return userId;
}

async function send(userId: string, message: string): Promise<string> {
  const response = await h.call('POST', '/api/v1/chat/stream', { message, session_id: null }, { userId });
  expect(response.status).toBe(200);
  const events = await readSse(response);
  await h.settle();
  return (JSON.parse(events[0]!.data) as { session_id: string }).session_id;
}

async function search(userId: string, q: string): Promise<Array<{ session_id: string; snippet: string }>> {
  const response = await h.call('GET', `/api/v1/chat-sessions/search?q=${encodeURIComponent(q)}`, undefined, {
    userId,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Array<{ session_id: string; snippet: string }> }).results;
}

/** As stored before the index existed (or when indexing failed): no tokens, not marked. */
async function forgetIndex(userIds: string[]): Promise<void> {
  await sql.query('delete from chat_search_tokens where user_id = any($1::uuid[])', [userIds]);
  await sql.query('update chat_messages set search_indexed_at = null where user_id = any($1::uuid[])', [
    userIds,
  ]);
}

async function unmarked(userIds: string[]): Promise<number> {
  const { rows } = await sql.query(
    'select count(*)::int as n from chat_messages where user_id = any($1::uuid[]) and search_indexed_at is null',
    [userIds],
  );
  return rows[0].n;
}

describe('the search backfill', () => {
  it('makes unindexed messages findable, once, across a stop between batches, for their owner only', async () => {
    const me = await person();
    const other = await person();
    const mine = [
      'The orchard behind grandmother’s house',
      'Learning the cello at forty feels brave',
      'My neighbour Bertrand waters the tomatoes',
      'Sunday pancakes with the twins again',
    ];
    const sessions = [];
    for (const text of mine) sessions.push(await send(me, text));
    const theirs = await send(other, 'The orchard where I proposed to Camille');
    // Messages are marked as they are written; the backfill then has nothing of theirs to do.
    expect(await unmarked([me, other])).toBe(0);

    await forgetIndex([me, other]);
    expect(await search(me, 'orchard')).toEqual([]);
    expect(await search(me, 'cello')).toEqual([]);
    const waiting = await unmarked([me, other]);
    // Each exchange is the person's message and the coach's reply.
    expect(waiting).toBe(10);

    // The job is stopped after one small batch: what it committed stays, the rest waits.
    const first = await backfillSearchIndex(h.chat, { batchSize: 3, maxBatches: 1 });
    expect(first.batches).toBe(1);
    expect(first.indexed + first.nothingToIndex).toBe(3);
    expect(await unmarked([me, other])).toBe(waiting - 3);

    // The next run carries on to the end.
    const rest = await backfillSearchIndex(h.chat, { batchSize: 3 });
    expect(rest.indexed + rest.nothingToIndex).toBe(waiting - 3);
    expect(rest.failed).toBe(0);
    expect(rest.remaining).toBe(0);
    expect(await unmarked([me, other])).toBe(0);

    const found = async (userId: string, q: string) =>
      new Set((await search(userId, q)).map((r) => r.session_id));
    expect(await found(me, 'cello')).toEqual(new Set([sessions[1]]));
    expect(await found(me, 'bertrand tomatoes')).toEqual(new Set([sessions[2]]));
    expect(await found(me, 'PANCAKES twins')).toEqual(new Set([sessions[3]]));
    // The same word in another person's message stays theirs.
    expect(await found(me, 'orchard')).toEqual(new Set([sessions[0]]));
    expect(await found(other, 'orchard')).toEqual(new Set([theirs]));
    expect(await found(other, 'cello')).toEqual(new Set());

    // A second run finds nothing to do and writes nothing.
    const tokens = async () =>
      (
        await sql.query('select count(*)::int as n from chat_search_tokens where user_id = any($1::uuid[])', [
          [me, other],
        ])
      ).rows[0].n;
    const before = await tokens();
    const again = await backfillSearchIndex(h.chat);
    expect(again).toMatchObject({ indexed: 0, nothingToIndex: 0, failed: 0, batches: 0, remaining: 0 });
    expect(await tokens()).toBe(before);

    // Progress is a Prometheus figure of the service.
    const metrics = await h.chat.service.metrics.getMetricsAsJSON();
    const counter = metrics.find((m) => m.name === 'chat_search_backfill_messages_total')!;
    const indexed = counter.values.find((v) => v.labels.outcome === 'indexed')!.value;
    expect(indexed).toBeGreaterThanOrEqual(first.indexed + rest.indexed);
    const remaining = metrics.find((m) => m.name === 'chat_search_backfill_remaining')!;
    expect(remaining.values[0]!.value).toBe(0);
  });

  it('leaves hidden messages and removed sessions out of the index', async () => {
    const me = await person();
    // The coach's first opening: the hidden questionnaire message, then the coach's visible reply.
    await h.answers(me, [{ questionKey: 'question_7', answerText: 'I would love to open a bookshop.' }]);
    const opening = await h.call('POST', '/api/v1/chat-sessions/opening', undefined, { userId: me });
    const { session_id: opened } = (await opening.json()) as { session_id: string };
    await h.settle();
    const kept = await send(me, 'Kayaking on the lake at dawn');
    const removed = await send(me, 'Kayaking lessons were cancelled');
    expect((await h.call('DELETE', `/api/v1/chat-sessions/${removed}`, undefined, { userId: me })).ok).toBe(
      true,
    );
    await forgetIndex([me]);

    const done = await backfillSearchIndex(h.chat);
    expect(await unmarked([me])).toBe(0);
    // The hidden message and the removed session's two messages: marked, nothing written.
    expect(done.nothingToIndex).toBeGreaterThanOrEqual(3);
    expect(new Set((await search(me, 'kayaking')).map((r) => r.session_id))).toEqual(new Set([kept]));
    const tokensOf = async (where: string, value: string) =>
      (await sql.query(`select count(*)::int as n from chat_search_tokens where ${where} = $1`, [value]))
        .rows[0].n;
    expect(await tokensOf('session_id', removed)).toBe(0);
    const { rows } = await sql.query(
      'select id, hidden from chat_messages where session_id = $1 order by created_at, id',
      [opened],
    );
    expect(rows.map((r) => r.hidden)).toEqual([true, false]);
    expect(await tokensOf('message_id', rows[0].id)).toBe(0);
    // The coach's opening itself is found again (it speaks of the bookshop).
    expect((await search(me, 'bookshop')).map((r) => r.session_id)).toContain(opened);
  });

  it('leaves a message it cannot read for the next run and goes on with the others', async () => {
    const me = await person();
    const broken = await send(me, 'Origami cranes for the hospital');
    const fine = await send(me, 'Origami boats float for a minute');
    await forgetIndex([me]);
    // A damaged row: its ciphertext no longer opens.
    await sql.query("update chat_messages set content_ciphertext = 'damaged' where session_id = $1", [
      broken,
    ]);

    const done = await backfillSearchIndex(h.chat);
    expect(done.failed).toBe(2);
    expect(done.remaining).toBe(2);
    expect(await unmarked([me])).toBe(2);
    expect(new Set((await search(me, 'origami')).map((r) => r.session_id))).toEqual(new Set([fine]));
    // Tried again by the next run, and still not counted as done.
    expect(await backfillSearchIndex(h.chat)).toMatchObject({ failed: 2, indexed: 0, remaining: 2 });
    await sql.query('delete from chat_messages where session_id = $1', [broken]);
  });

  it('two runs at once index each message once', async () => {
    const me = await person();
    const sessions = [];
    for (const text of [
      'Painting watercolours of harbours',
      'Harbours at night feel calm',
      'Gulls everywhere',
    ])
      sessions.push(await send(me, text));
    await forgetIndex([me]);
    const [a, b] = await Promise.all([
      backfillSearchIndex(h.chat, { batchSize: 2 }),
      backfillSearchIndex(h.chat, { batchSize: 2 }),
    ]);
    // Every message was claimed by exactly one of them.
    expect(a.indexed + a.nothingToIndex + b.indexed + b.nothingToIndex).toBe(6);
    expect(await unmarked([me])).toBe(0);
    expect(new Set((await search(me, 'harbours')).map((r) => r.session_id))).toEqual(
      new Set([sessions[0], sessions[1]]),
    );
  });
});

describe("the coach's check-in opening", () => {
  it('is found by search as soon as it is written', async () => {
    const me = await person();
    const goal = (await (
      await h.call(
        'POST',
        '/api/v1/goals/',
        { title: 'Swim across the bay', checkin: 'daily' },
        { userId: me },
      )
    ).json()) as { id: string; next_checkin_at: string };
    h.clock.set(new Date(Date.parse(goal.next_checkin_at) + 60_000).toISOString());
    expect(await sweepDueCheckins(h.chat)).toBeGreaterThan(0);
    const opened = (await (
      await h.call('POST', '/api/v1/chat-sessions/opening', undefined, { userId: me })
    ).json()) as {
      session_id: string;
      opening: string;
    };
    expect(opened.opening).toBe('checkin');
    const results = await search(me, 'swim bay');
    expect(results.map((r) => r.session_id)).toEqual([opened.session_id]);
    expect(results[0]!.snippet).toContain('Swim across the bay');
    expect(await unmarked([me])).toBe(0);
  });
});
