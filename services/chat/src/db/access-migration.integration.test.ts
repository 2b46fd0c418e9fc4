import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideChatAccess } from '@innerview/contracts/chat-access';
import { type Database, openDatabase } from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVerdict } from './access.ts';

// Chat kept a projection of billing.subscription.changed before billing published its verdict
// (ADR 0066). The migration that brings the verdicts translates those rows once, so that nobody
// loses (or gains) access on the day it runs; billing's next verdict replaces each.
const drizzleDir = path.resolve(import.meta.dirname, '../../drizzle');
const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let before: string;

/** The migrations up to the one before the verdicts, in a folder of their own. */
async function migrationsBeforeVerdicts(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chat-migrations-'));
  await cp(drizzleDir, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const verdicts = journal.entries.findIndex((e) => e.tag.endsWith('_chat_access_verdict'));
  expect(verdicts).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, verdicts);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const people = {
  monthly: '00000000-0000-4000-8000-000000000001',
  renewalLanding: '00000000-0000-4000-8000-000000000002',
  trial: '00000000-0000-4000-8000-000000000003',
  trialUsedUp: '00000000-0000-4000-8000-000000000004',
  pastDueGrace: '00000000-0000-4000-8000-000000000005',
  pastDueDefault: '00000000-0000-4000-8000-000000000006',
  cancelling: '00000000-0000-4000-8000-000000000007',
  expired: '00000000-0000-4000-8000-000000000008',
};

beforeAll(async () => {
  testDb = await createTestDatabase('iv_chat_access_migration');
  database = await openDatabase({ url: testDb.url, dataDir: '' });
  before = await migrationsBeforeVerdicts();
  await database.migrate(before);
  const rows: Array<[string, string, Date | null, number | null, Date | null]> = [
    [people.monthly, 'monthly', at(10), null, null],
    [people.renewalLanding, 'yearly', at(-0.5), null, null],
    [people.trial, 'freemium', at(5), 1200, null],
    [people.trialUsedUp, 'freemium', at(5), 0, null],
    [people.pastDueGrace, 'past_due', at(-10), null, at(1)],
    [people.pastDueDefault, 'past_due', at(-6), null, null],
    [people.cancelling, 'cancelling_at_period_end', at(3), null, null],
    [people.expired, 'expired', at(-40), null, null],
  ];
  for (const [userId, status, periodEnd, tokens, grace] of rows)
    await database.db.execute(sql`
      insert into subscription_access
        (user_id, status, plan, period_end, trial_tokens_remaining, grace_until, changed_at, updated_at)
      values (${userId}, ${status}, null, ${periodEnd?.toISOString() ?? null}, ${tokens},
              ${grace?.toISOString() ?? null}, ${at(-1).toISOString()}, ${at(-1).toISOString()})`);
  await database.migrate(drizzleDir);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
  if (before) await rm(before, { recursive: true, force: true });
});

async function answer(userId: string, when = now) {
  const decision = decideChatAccess(await findVerdict(database.db, userId), when);
  return decision.allowed ? decision.access : decision.reason;
}

describe('the verdicts migration on existing projections', () => {
  it('keeps the access each person had, and ends it when it would have ended', async () => {
    expect(await answer(people.monthly)).toBe('full');
    expect(await answer(people.monthly, at(10.5))).toBe('full');
    expect(await answer(people.monthly, at(11))).toBe('subscription_expired');
    expect(await answer(people.renewalLanding)).toBe('full');
    expect(await answer(people.trial)).toBe('trial');
    expect(await answer(people.trial, at(5))).toBe('trial_expired');
    expect(await answer(people.trialUsedUp)).toBe('trial_tokens_exhausted');
    expect(await answer(people.pastDueGrace)).toBe('limited');
    expect(await answer(people.pastDueGrace, at(1))).toBe('payment_past_due');
    expect(await answer(people.pastDueDefault)).toBe('limited');
    expect(await answer(people.pastDueDefault, at(1))).toBe('payment_past_due');
    expect(await answer(people.cancelling)).toBe('full');
    expect(await answer(people.cancelling, at(3))).toBe('subscription_cancelled');
    expect(await answer(people.expired)).toBe('subscription_expired');
  });

  it('keeps the old event time, so that any verdict billing publishes afterwards wins', async () => {
    const [row] = (
      (await database.db.execute(
        sql`select decided_at from chat_access_verdicts where user_id = ${people.monthly}`,
      )) as unknown as { rows: Array<{ decided_at: Date | string }> }
    ).rows;
    expect(new Date(row!.decided_at).toISOString()).toBe(at(-1).toISOString());
    const old = (await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'subscription_access'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(old.rows[0]!.n).toBe(0);
  });
});
