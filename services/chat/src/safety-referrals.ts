// `npm run safety-referrals -w services/chat -- --from 2026-01-01 --to 2026-12-31`: prints the
// anonymous count of care replies (day, tier, language, count) as CSV, for the yearly report. It
// reads chat's database: DATABASE_URL (PostgreSQL) when set, else the embedded one in DATA_DIR.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@innerview/kit';
import { listSafetyReferrals } from './db/safety-referrals.ts';
import { parseDay, referralsCsv } from './domain/safety/referrals-csv.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const from = parseDay(values.from);
const to = parseDay(values.to);
if (!from || !to || from > to) {
  console.error('usage: npm run safety-referrals -w services/chat -- --from YYYY-MM-DD --to YYYY-MM-DD');
  process.exit(2);
}
const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? '.data', 'chat'),
  poolSize: 1,
});
try {
  console.log(referralsCsv(await listSafetyReferrals(database.db, from, to)));
} finally {
  await database.close();
}
