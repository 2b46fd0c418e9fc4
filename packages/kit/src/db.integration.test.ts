import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';
import { databaseContract } from './db-contract.ts';
import { eventually } from './testing/eventually.ts';
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
  // Each query holds its connection until the test lets it go (it waits for an advisory lock the
  // test holds), so concurrent ones show how many connections the pool opens.
  async function connectionsUsed(poolSize: number | undefined, concurrent: number): Promise<number> {
    const database = await createTestDatabase();
    drops.push(database.drop);
    const gatekeeper = await openDatabase({ url: database.url, dataDir: '', poolSize: 1 });
    const opened = await openDatabase({ url: database.url, dataDir: '', poolSize });
    const key = 4242;
    try {
      await gatekeeper.db.execute(sql`select pg_advisory_lock(${key})`);
      const queries = Promise.all(
        Array.from({ length: concurrent }, async () => {
          const result = (await opened.db.execute(
            sql`select pg_backend_pid() as pid, pg_advisory_xact_lock_shared(${key})`,
          )) as unknown as { rows: Array<{ pid: number }> };
          return result.rows[0]!.pid;
        }),
      );
      // Let go once every query either waits on the lock in PostgreSQL or waits for a connection
      // in the pool: the pool has opened all it will.
      await eventually(
        async () => {
          const { rows } = (await gatekeeper.db.execute(
            sql`select count(*)::int as n from pg_locks
              where locktype = 'advisory' and not granted and objid = ${key}
              and database = (select oid from pg_database where datname = current_database())`,
          )) as unknown as { rows: Array<{ n: number }> };
          const use = opened.poolUse();
          return rows[0]!.n === use.total && use.total + use.waiting === concurrent;
        },
        { what: 'every query holding a connection or queued for one' },
      );
      await gatekeeper.db.execute(sql`select pg_advisory_unlock(${key})`);
      return new Set(await queries).size;
    } finally {
      // The gatekeeper first: its lock goes with its connection, so no query is left waiting on it.
      await gatekeeper.close();
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
