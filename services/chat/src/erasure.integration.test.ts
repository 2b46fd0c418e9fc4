import { randomUUID } from 'node:crypto';
import { USER_ID_HEADER } from '@innerview/kit';
import { INTERNAL_EXPORT_PATH } from '@innerview/kit/internal';
import { eventually } from '@innerview/kit/testing/eventually';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { readSse } from './testing/sse-client.ts';

// The 90-day erasure as seen in chat's database on PostgreSQL (ADR 17): after `auth.user.erased`
// no row of any table names the person but their data key's tombstone (which holds no key).
let h: ChatHarness;
let sql: pg.Client;
useIntegrationRun((harness, client) => {
  h = harness;
  sql = client;
});

/** Each table's rows that mention `text`, as JSON text. */
async function rowsMentioning(text: string): Promise<Array<{ table: string; row: string }>> {
  const tables = await sql.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public'",
  );
  const found: Array<{ table: string; row: string }> = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql.query(`select row_to_json(t)::text as row from "${table_name}" t`);
    for (const { row } of rows.rows as Array<{ row: string }>)
      if (row.includes(text)) found.push({ table: table_name, row });
  }
  return found;
}

describe('the 90-day erasure in chat', () => {
  it('leaves no session, message, memory item, projection or profile of the person, and an empty export', async () => {
    const me = randomUUID();
    const neighbour = randomUUID();
    for (const user of [me, neighbour]) await h.subscribe(user, 'monthly');
    await h.answers(me, [{ questionKey: 'question_1', answerText: 'Calm mornings' }]);
    for (const user of [me, neighbour]) {
      const response = await h.call(
        'POST',
        '/api/v1/chat/stream',
        { message: 'Something to forget', session_id: null },
        { userId: user },
      );
      await readSse(response);
    }
    // What the coach remembers (docs/product.md#memory): an item of their own, and the switch.
    const item = await h.call('POST', '/api/v1/memory/', { text: 'My sister Anna' }, { userId: me });
    expect(item.status).toBe(201);
    const before = await rowsMentioning(me);
    expect(new Set(before.map((r) => r.table))).toEqual(
      new Set([
        'chat_sessions',
        'chat_messages',
        'chat_search_tokens',
        'chat_access_verdicts',
        'coach_profiles',
        'memory_items',
        'memory_settings',
        'data_keys',
        'kit_outbox',
      ]),
    );

    // Ninety days later every event about the person has long been sent.
    await eventually(async () => {
      const pending = await sql.query(
        'select 1 from kit_outbox where subject = $1 and published_at is null',
        [me],
      );
      return pending.rowCount === 0;
    }, 10_000);
    await h.publish('auth.user.erased', { userId: me });
    await eventually(
      async () => (await rowsMentioning(me)).every((r) => r.table !== 'chat_messages'),
      10_000,
    );

    const left = await rowsMentioning(me);
    // The tombstone: no key, so no earlier copy of the ciphertext can be read.
    expect(left.map((r) => r.table)).toEqual(['data_keys']);
    expect(JSON.parse(left[0]!.row)).toMatchObject({ wrapped_key: null });
    const exported = await signedFetch(h.service, `${h.service.url}${INTERNAL_EXPORT_PATH}`, {
      headers: { [USER_ID_HEADER]: me },
      caller: 'auth',
    });
    expect(await exported.json()).toEqual({
      memory: { enabled: true, items: [] },
      sessions: [],
      goals: [],
      weekly_reflection: false,
    });
    const memory = await h.call('GET', '/api/v1/memory/', undefined, { userId: me });
    expect(await memory.json()).toEqual({ items: [], enabled: true });
    // The neighbour keeps everything.
    expect((await rowsMentioning(neighbour)).some((r) => r.table === 'chat_messages')).toBe(true);
  });
});
