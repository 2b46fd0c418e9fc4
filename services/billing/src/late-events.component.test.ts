import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { createEvent, kitInbox } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findSubscription } from './db/subscriptions.ts';
import { BILLING_WAIT_MS, type BillingHarness, useBillingHarness } from './testing/harness.ts';

// Events about a person that arrive after `auth.user.erased` (another topic, a retry, a replay from
// the dead letters) must not make billing hold a row naming them again: the accounting record stays
// pseudonymous (ADR 17). PGlite and the in-process bus.
let h: BillingHarness;
useBillingHarness((harness) => {
  h = harness;
});

/** Publishes the events and waits until billing's inbox has taken every one of them. */
async function deliver(...events: EventEnvelope[]) {
  for (const event of events) await h.publish(event);
  const ids = events.map((e) => e.id);
  await eventually(
    async () =>
      (await h.service.ctx.db.select().from(kitInbox).where(inArray(kitInbox.eventId, ids))).length ===
      ids.length,
    BILLING_WAIT_MS,
  );
}

/** Each table's rows that mention `text`, as JSON text. */
async function rowsMentioning(text: string): Promise<string[]> {
  const db = h.service.ctx.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
    )) as unknown as { rows: Array<{ row: string }> };
    for (const { row } of rows.rows) if (row.includes(text)) found.push(`${table_name}: ${row}`);
  }
  return found;
}

const lateEvents = (userId: string, email: string) => [
  createEvent('auth.user.registered', userId, { userId, email, firstName: 'Ada', language: 'en' }),
  createEvent('auth.settings.changed', userId, { userId, language: 'de', theme: 'dark' }),
  createEvent('chat.tokens.consumed', userId, {
    userId,
    sessionId: randomUUID(),
    tokens: 120,
  }),
  createEvent('auth.user.deleted', userId, { userId, eraseAfter: '2026-08-01T10:00:00.000Z' }),
  createEvent('auth.user.reactivated', userId, { userId }),
];

describe('events about a person arriving after their erasure', () => {
  it('make no row that names them', async () => {
    const email = `late.${randomUUID().slice(0, 8)}@example.com`;
    const me = await h.register({ email });
    await deliver(createEvent('auth.user.erased', me, { userId: me }));
    expect(await findSubscription(h.service.ctx.db, me)).toBeUndefined();

    await deliver(...lateEvents(me, email));

    expect(await findSubscription(h.service.ctx.db, me)).toBeUndefined();
    expect(await rowsMentioning(me)).toEqual([]);
    expect(await rowsMentioning(email)).toEqual([]);
  });

  it('still make the row of a person who was not erased', async () => {
    const other = randomUUID();
    await deliver(lateEvents(other, `other.${other.slice(0, 8)}@example.com`)[0]!);
    expect(await findSubscription(h.service.ctx.db, other)).toMatchObject({ userId: other });
  });
});
