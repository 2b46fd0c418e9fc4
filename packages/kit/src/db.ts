import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from './logger.ts';
import { openPglite } from './pglite-cluster.ts';
import { makePrivate } from './private-files.ts';

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
  /**
   * PostgreSQL without a pooler in between, for the migrations' session-level advisory lock
   * (`DATABASE_DIRECT_URL`); default `url`. PostgreSQL only.
   */
  directUrl?: string;
  /** Where PGlite keeps its files when no url says otherwise. */
  dataDir: string;
  /** Pool size for PostgreSQL (default 10); `DATABASE_POOL_SIZE` through `startService`. */
  poolSize?: number;
  /** PostgreSQL time-outs; `DATABASE_*_TIMEOUT_MS` through `startService`. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where a lost connection is reported (one warning line each); silent without. */
  log?: Pick<Logger, 'warn'>;
}

export const defaultPoolSize = 10;

/**
 * How long PostgreSQL work may take before it fails (and the request answers 503) instead of
 * hanging: a dropped or black-holed database must not hold requests for ever (ADR 37).
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in a full pool. */
  connectMs: number;
  /** Server side: one statement (`statement_timeout`). */
  statementMs: number;
  /** Server side: a transaction left open without a statement (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /**
   * Client side: no answer at all within this time (a black-holed network, where the server's own
   * time-outs never reach us). Longer than `statementMs`, so a healthy server cancels first.
   */
  queryMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
  queryMs: 17_000,
};

/** The name of the advisory lock every migration of one database runs under. */
const MIGRATION_LOCK = 'innerview:migrations';

/** The time-outs a service's settings ask for; unset ones keep their defaults. */
export function databaseTimeoutsFrom(config: {
  DATABASE_CONNECT_TIMEOUT_MS?: number | undefined;
  DATABASE_STATEMENT_TIMEOUT_MS?: number | undefined;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS?: number | undefined;
  DATABASE_QUERY_TIMEOUT_MS?: number | undefined;
}): DatabaseTimeouts {
  const d = defaultDatabaseTimeouts;
  const statementMs = config.DATABASE_STATEMENT_TIMEOUT_MS ?? d.statementMs;
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS ?? d.connectMs,
    statementMs,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? d.idleInTransactionMs,
    queryMs: config.DATABASE_QUERY_TIMEOUT_MS ?? statementMs + 2000,
  };
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const url = opts.url ?? '';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const timeouts = { ...defaultDatabaseTimeouts, ...opts.timeouts };
    const pool = new pg.Pool({
      ...connectionSettings(url, timeouts),
      max: opts.poolSize ?? defaultPoolSize,
    });
    guardPool(pool, opts.log);
    const db = drizzlePg(pool) as unknown as Db;
    releaseFailedTransactions(db, pool);
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
      migrate: (migrationsFolder, migrationsTable) =>
        migrateUnderLock(opts.directUrl ?? url, timeouts, migrationsFolder, migrationsTable),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (url === 'memory://') dir = undefined;
  else if (url.startsWith('pglite://')) dir = url.slice('pglite://'.length);
  else dir = opts.dataDir;
  // The person's data: readable by this user only (PGlite's own files follow the process umask).
  if (dir) mkdirSync(path.resolve(dir), { recursive: true, mode: 0o700 });
  const client = await openPglite(dir ? path.resolve(dir) : undefined);
  if (dir) makePrivate(path.resolve(dir));
  const db = drizzlePglite(client) as unknown as Db;
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

function connectionSettings(url: string, timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
    // A peer that vanished without a word is noticed by TCP keep-alive, not only by the next query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * Keeps lost connections from killing the process and from poisoning the pool:
 * - a connection that drops emits `error` on its client (and, when idle, again on the pool); a
 *   checked-out one (between two queries of a transaction, say) has no listener of node-postgres
 *   at all: a listener per client catches it, and the pool discards the client when released;
 * - a query that timed out client-side leaves its connection waiting for an answer that will never
 *   come: the socket is destroyed, so the pool discards that client instead of lending it again.
 * The pool opens fresh connections on demand, so the service recovers by itself.
 */
function guardPool(pool: pg.Pool, log: Pick<Logger, 'warn'> | undefined): void {
  const report = (err: Error) =>
    log?.warn(
      { code: (err as { code?: string }).code, reason: err.message },
      'database connection lost; the pool will open a new one',
    );
  // Every client gets its own listener below, which logs the loss once; the pool re-emits an idle
  // client's error, and that copy must be heard too, or it would end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', report);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: Error) => {
          if (err?.message === 'Query read timeout') destroySocket(client);
        });
      }
      return result;
    };
  });
}

/**
 * drizzle's node-postgres transactions send `begin` before their try/finally, so a `begin` that
 * fails (the connection just dropped, the server is black-holed) never gives its connection back:
 * each such failure would take one pool slot for good, and after `poolSize` of them the service
 * could not recover without a restart. This is the same transaction with `begin` inside, and a
 * connection whose `begin` or `rollback` failed discarded rather than lent again.
 */
function releaseFailedTransactions(db: Db, pool: pg.Pool): void {
  type Session = NodePgSession<Record<string, unknown>, never>;
  const session = (db as unknown as { session: Session }).session;
  const { dialect, schema, options } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    const inner = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction(dialect, inner, schema);
    let broken: Error | undefined;
    try {
      try {
        // `getTransactionConfigSQL` is drizzle-internal (isolation level, access mode).
        const settings =
          config &&
          (tx as unknown as { getTransactionConfigSQL(c: unknown): SQL }).getTransactionConfigSQL(config);
        await tx.execute(sql`begin${settings ? sql` ${settings}` : undefined}`);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      try {
        const result = await work(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
}

function destroySocket(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * Applies migrations under a session-level advisory lock on a connection of their own, so replicas
 * that start together on a fresh database take turns: the first migrates, the others find the
 * history up to date. No statement time-out there: a migration may rightly take long, and waiting
 * for the lock is waiting for another replica's migration.
 */
async function migrateUnderLock(
  url: string,
  timeouts: DatabaseTimeouts,
  migrationsFolder: string,
  migrationsTable: string | undefined,
): Promise<void> {
  const client = new pg.Client({
    ...connectionSettings(url, timeouts),
    statement_timeout: 0,
    query_timeout: 0,
  });
  client.on('error', () => {
    // The pending query fails with the same error; nothing else is waiting on this client.
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder, migrationsTable });
  } finally {
    // Ending the session releases the lock too, even if unlock is never reached.
    await client.end().catch(() => {});
  }
}

/**
 * Holds a PostgreSQL advisory lock named `key` until the transaction ends: writes about one thing
 * (a person, a session) serialised with the others that take the same key. Inside a transaction
 * only.
 */
export async function lockUntilCommit(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The first row a query gives (`select … .limit(1)`, `update … .returning()` of one row), or
 * undefined when it gives none.
 */
export async function firstRow<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  const [row] = await rows;
  return row;
}
