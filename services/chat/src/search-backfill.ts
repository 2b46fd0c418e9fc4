// `npm run search-backfill -w services/chat`: puts every stored message the search index lacks
// into it (ADR 0063, docs/operations.md#search-backfill), printing counts after each batch, and
// exits when none is left. Safe beside running replicas (each message is claimed by one of them).
// It reads chat's database: DATABASE_URL (PostgreSQL) with MASTER_KEY, as the replicas have them;
// an embedded database (DATA_DIR) only while the service is stopped (PGlite has one writer).
import path from 'node:path';
import {
  checkPostgresRequirements,
  createLogger,
  databaseTimeoutsFrom,
  loadConfig,
  openDatabase,
  runOnce,
  systemClock,
} from '@innerview/kit';
import { Registry } from 'prom-client';
import { backfillSearchIndex } from './actions/search-backfill.ts';
import { chatConfigSchema } from './config.ts';
import { chatKeys } from './keys.ts';

await runOnce(async () => {
  const config = loadConfig(chatConfigSchema, process.env);
  checkPostgresRequirements(chatConfigSchema, config);
  const log = createLogger({ name: 'chat', level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'chat'),
    poolSize: 2,
    timeouts: databaseTimeoutsFrom(config),
    log,
  });
  try {
    const { crypto } = chatKeys({ name: 'chat', config, db: database.db });
    const service = { db: database.db, clock: systemClock, log, metrics: new Registry() };
    const started = performance.now();
    const done = await backfillSearchIndex(
      { crypto, service },
      {
        onBatch: (p) =>
          console.log(
            `batch ${p.batches}: ${p.indexed} indexed, ${p.nothingToIndex} with nothing to index, ${p.failed} unreadable, ${p.busy} busy; ${p.remaining} left`,
          ),
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `search backfill done in ${seconds} s: ${done.indexed} indexed, ${done.nothingToIndex} with nothing to index, ${done.failed} unreadable, ${done.busy} busy; ${done.remaining} left`,
    );
    // Unreadable (a key gone) or busy messages are tried again by the next run.
    if (done.remaining > 0)
      console.log('some messages are left: run again, or let the service’s schedule take them');
  } finally {
    await database.close();
  }
});
