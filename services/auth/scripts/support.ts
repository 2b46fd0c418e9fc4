// Support commands of the auth service, run from the repository root:
//
//   npm run support -- reactivate <email>
//
// Reactivates an account deleted less than 90 days ago (docs/product.md#deleting-an-account: "reactivation within that time is
// by contacting support"). It uses the auth service's own settings (DATABASE_URL, DATA_DIR) and
// writes the change and its `auth.user.reactivated` event in one transaction; the running service
// publishes the event (its outbox relay polls every second).
//
// Embedded mode keeps auth's database in `<DATA_DIR>/auth` (PGlite, one process at a time): stop
// `npm start` first. With PostgreSQL it runs beside the service.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isValidEmail } from '@innerview/contracts';
import { ConfigError, isPostgresUrl, loadConfig, openDatabase, writeEvents } from '@innerview/kit';
import { reactivateAccount } from '../src/actions/deletion.ts';
import { authConfigSchema } from '../src/config.ts';
import { RETENTION_DAYS } from '../src/domain/deletion.ts';
import { normaliseEmail } from '../src/domain/validation.ts';

const USAGE = 'Usage: npm run support -- reactivate <email>';

async function reactivate(rawEmail: string): Promise<number> {
  const email = normaliseEmail(rawEmail);
  if (!isValidEmail(email)) {
    console.error(`Not an e-mail address. ${USAGE}`);
    return 2;
  }
  const config = loadConfig(authConfigSchema, process.env);
  const dataDir = path.join(config.DATA_DIR, 'auth');
  const embedded = !isPostgresUrl(config.DATABASE_URL);
  if (embedded && existsSync(path.join(dataDir, 'postmaster.pid'))) {
    console.error(
      `The embedded database in ${dataDir} is in use: stop \`npm start\` first (PGlite serves one process). ` +
        `If nothing is running, it did not stop cleanly: delete ${path.join(dataDir, 'postmaster.pid')} and retry.`,
    );
    return 1;
  }
  if (embedded && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`No auth database in ${dataDir}: set DATA_DIR (or DATABASE_URL) as for \`npm start\`.`);
    return 1;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, poolSize: 1 });
  try {
    const result = await reactivateAccount(
      (work) => database.db.transaction((tx) => work(tx, (...events) => writeEvents(tx, events))),
      email,
      new Date(),
    );
    switch (result.outcome) {
      case 'reactivated':
        console.log(
          `Reactivated account ${result.userId}. The person can log in again with their password; ` +
            'their subscription stays cancelled until they reactivate it in Settings.',
        );
        return 0;
      case 'retention_over':
        console.error(
          `Account ${result.userId} was deleted more than ${RETENTION_DAYS} days ago: its erasure is under way and cannot be undone.`,
        );
        return 1;
      case 'not_deleted':
        console.error(
          'No deleted account has this address (it is live, was never registered, or is erased).',
        );
        return 1;
    }
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === 'reactivate' && email && rest.length === 0) return reactivate(email);
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // A configuration error names the setting, never its value; anything else is shown without data.
  console.error(err instanceof ConfigError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
