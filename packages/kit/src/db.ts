import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pipelinedClient } from './pglite-pipelined.ts';

/**
 * One database handle type for both drivers, so queries are written once and run on
 * PostgreSQL (distributed) and PGlite (embedded) alike.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema type is chosen by each service.
export type Db = PgDatabase<PgQueryResultHKT, any>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Connections now: open, idle, and callers waiting for one (metrics). PGlite has one. */
  poolUse(): { max: number; total: number; idle: number; waiting: number };
  /**
   * Applies versioned migrations (a drizzle-kit output folder). `migrationsTable` keeps separate
   * histories apart in one database: the kit's own tables (outbox, inbox) and the service's.
   */
  migrate(migrationsFolder: string, migrationsTable?: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for PostgreSQL; empty, `pglite://<dir>` or `memory://` for PGlite. */
  url?: string;
  /** Where PGlite keeps its files when no url says otherwise. */
  dataDir: string;
  /** Pool size for PostgreSQL (default 10); `DATABASE_POOL_SIZE` through `startService`. */
  poolSize?: number;
}

export const defaultPoolSize = 10;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const url = opts.url ?? '';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? defaultPoolSize });
    // A dropped connection must not crash the process; readiness reports it instead.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolUse: () => ({
        max: pool.options.max ?? defaultPoolSize,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      migrate: async (migrationsFolder, migrationsTable) => {
        await migratePg(db as never, { migrationsFolder, migrationsTable });
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (url === 'memory://') dir = undefined;
  else if (url.startsWith('pglite://')) dir = url.slice('pglite://'.length);
  else dir = opts.dataDir;
  if (dir) mkdirSync(path.resolve(dir), { recursive: true });
  const client = dir ? new PGlite(path.resolve(dir)) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(pipelinedClient(client)) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    poolUse: () => ({ max: 1, total: closed ? 0 : 1, idle: closed ? 0 : 1, waiting: 0 }),
    ping: async () => {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    migrate: async (migrationsFolder, migrationsTable) => {
      await migratePglite(db as never, { migrationsFolder, migrationsTable });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * Holds a PostgreSQL advisory lock named `key` until the transaction ends: writes about one thing
 * (a person, a session) serialised with the others that take the same key. Inside a transaction
 * only.
 */
export async function lockUntilCommit(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
