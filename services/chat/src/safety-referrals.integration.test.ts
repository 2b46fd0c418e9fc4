import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Database, openDatabase } from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSafetyReferral } from './db/safety-referrals.ts';

// The operator's export of the anonymous referral count, run as an operator runs it (the npm
// script's command, against PostgreSQL), on counts written the way a care reply writes them.
const run = promisify(execFile);
const node = path.resolve(import.meta.dirname, '../../../node_modules/.bin/node');
const script = path.resolve(import.meta.dirname, 'safety-referrals.ts');

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase('iv_safety');
  database = await openDatabase({ url: testDb.url, dataDir: '' });
  await database.migrate(path.resolve(import.meta.dirname, '../drizzle'));
  for (const referral of [
    { day: '2026-11-25', tier: 'acute', language: 'de' },
    { day: '2026-11-25', tier: 'acute', language: 'de' },
    { day: '2026-11-25', tier: 'possible', language: 'it' },
    { day: '2026-11-26', tier: 'possible', language: 'fr' },
    { day: '2026-12-01', tier: 'acute', language: 'en' },
  ] as const)
    await countSafetyReferral(database.db, referral);
}, 60_000);
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('npm run safety-referrals', () => {
  it('prints the counts of the days asked for as CSV, by day, tier and language', async () => {
    const { stdout } = await run(node, [script, '--from', '2026-11-25', '--to', '2026-11-30'], {
      env: { ...process.env, DATABASE_URL: testDb.url },
    });
    expect(stdout.trim().split('\n')).toEqual([
      'day,tier,language,count',
      '2026-11-25,acute,de,2',
      '2026-11-25,possible,it,1',
      '2026-11-26,possible,fr,1',
    ]);
  });

  it('refuses days that are not days, and says how to call it', async () => {
    const failed = await run(node, [script, '--from', '2026-02-30', '--to', '2026-03-01'], {
      env: { ...process.env, DATABASE_URL: testDb.url },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('--from YYYY-MM-DD --to YYYY-MM-DD');
  });
});
