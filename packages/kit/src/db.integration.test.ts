import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';
import { databaseContract } from './db-contract.ts';
import { createTestDatabase } from './testing/postgres.ts';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-fixtures/migrations');
const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

describe('database on PostgreSQL (distributed)', () => {
  databaseContract(async () => {
    const database = await createTestDatabase();
    drops.push(database.drop);
    return openDatabase({ url: database.url, dataDir: '' });
  }, migrations);
});

describe('PostgreSQL pool size', () => {
  // Each query holds its connection for a moment, so concurrent ones show how many the pool opens.
  async function connectionsUsed(poolSize: number | undefined, concurrent: number): Promise<number> {
    const database = await createTestDatabase();
    drops.push(database.drop);
    const opened = await openDatabase({ url: database.url, dataDir: '', poolSize });
    try {
      const pids = await Promise.all(
        Array.from({ length: concurrent }, async () => {
          const result = (await opened.db.execute(
            sql`select pg_backend_pid() as pid, pg_sleep(0.15)`,
          )) as unknown as { rows: Array<{ pid: number }> };
          return result.rows[0]!.pid;
        }),
      );
      return new Set(pids).size;
    } finally {
      await opened.close();
    }
  }

  it('opens at most the configured number of connections', async () => {
    expect(await connectionsUsed(3, 8)).toBe(3);
    expect(await connectionsUsed(12, 12)).toBe(12);
  });

  it('opens at most ten by default', async () => {
    expect(await connectionsUsed(undefined, 14)).toBe(10);
  });
});

describe('migrations behind a transaction-pooling PgBouncer', () => {
  it('run over DATABASE_DIRECT_URL, never over the pooled address', async () => {
    const database = await createTestDatabase();
    drops.push(database.drop);
    // The pooled address leads nowhere here: a migration that used it would fail.
    const pooled = new URL(database.url);
    pooled.pathname = '/innerview_no_such_database';
    const opened = await openDatabase({ url: pooled.toString(), directUrl: database.url, dataDir: '' });
    try {
      await opened.migrate(migrations, '__direct_migrations');
    } finally {
      await opened.close();
    }
    const direct = await openDatabase({ url: database.url, dataDir: '' });
    try {
      const applied = (await direct.db.execute(
        sql`select count(*)::int as n from drizzle.__direct_migrations`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(applied.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await direct.close();
    }
  });
});
