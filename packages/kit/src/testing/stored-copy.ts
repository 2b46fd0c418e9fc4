import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createEventBus, type EventBus } from '../events/index.ts';
import { createTestDatabase, redisUrl } from './postgres.ts';

/** A database and a Redis bus of a test's own, readable directly (see `openStoredCopy`). */
export interface StoredCopy {
  /** The Redis key prefix of the bus. */
  readonly prefix: string;
  /** The database's URL, for the service's `DATABASE_URL`. */
  readonly url: string;
  /** A client on the database, to read and write its tables directly. */
  readonly sql: pg.Client;
  /** The Redis bus under `prefix`, for the service and to publish as another service would. */
  readonly bus: EventBus;
  /** Every row of every table, with its table, as JSON text. */
  everyRow(): Promise<Array<{ table: string; row: string }>>;
  /** Every row of every table as one text. */
  wholeDatabase(): Promise<string>;
  /** Every entry of every stream under `prefix` as one text. */
  wholeBus(): Promise<string>;
  /** Closes the bus and the clients, deletes the prefix's keys and drops the database. */
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (named from `databasePrefix`) and a Redis bus under a fresh prefix,
 * for a service run on them (`clientId`: the bus's consumer name). The tables and the streams can
 * then be read directly, as someone holding a copy of them (or a backup) would.
 */
export async function openStoredCopy(databasePrefix: string, clientId?: string): Promise<StoredCopy> {
  const prefix = `test:${randomUUID()}`;
  const database = await createTestDatabase(databasePrefix);
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const bus = await createEventBus({
    kind: 'redis',
    redisUrl: redisUrl(),
    prefix,
    ...(clientId ? { clientId } : {}),
  });
  const copy: StoredCopy = {
    prefix,
    url: database.url,
    sql,
    bus,
    async everyRow() {
      const tables = await sql.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      const found: Array<{ table: string; row: string }> = [];
      for (const { table_name } of tables.rows) {
        const rows = await sql.query<{ row: string }>(
          `select row_to_json(t)::text as row from "${table_name}" t`,
        );
        for (const { row } of rows.rows) found.push({ table: table_name, row });
      }
      return found;
    },
    async wholeDatabase() {
      return (await copy.everyRow()).map(({ row }) => row).join('\n');
    },
    async wholeBus() {
      let dump = '';
      for (const key of await redis.keys(`${prefix}*`)) {
        if ((await redis.type(key)) !== 'stream') continue;
        dump += JSON.stringify(await redis.xrange(key, '-', '+'));
      }
      return dump;
    },
    async close() {
      await bus.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await sql.end();
      await database.drop();
    },
  };
  return copy;
}

/**
 * `openStoredCopy` for a whole test file: made before its tests, closed after them. Read its fields
 * from the first `beforeAll` on. Call it before the hooks that start the service: hooks after it
 * run after it, and are undone before it.
 */
export function useStoredCopy(databasePrefix: string): StoredCopy {
  let opened: StoredCopy | undefined;
  const ready = (): StoredCopy => {
    if (!opened) throw new Error('useStoredCopy: read before its beforeAll ran');
    return opened;
  };
  beforeAll(async () => {
    opened = await openStoredCopy(databasePrefix);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get prefix() {
      return ready().prefix;
    },
    get url() {
      return ready().url;
    },
    get sql() {
      return ready().sql;
    },
    get bus() {
      return ready().bus;
    },
    everyRow: () => ready().everyRow(),
    wholeDatabase: () => ready().wholeDatabase(),
    wholeBus: () => ready().wholeBus(),
    close: () => ready().close(),
  };
}
