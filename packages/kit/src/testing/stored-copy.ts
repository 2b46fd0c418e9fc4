import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createEventBus, type EventBus } from '../events/index.ts';
import { createTestDatabase, redisUrl } from './postgres.ts';

/** What `useStoredCopy` gives a test file; read its fields from the first `beforeAll` on. */
export interface StoredCopy {
  /** The Redis key prefix of this file's bus. */
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
}

/**
 * A fresh PostgreSQL database (named from `databasePrefix`) and a Redis bus under a fresh prefix,
 * made before the file's tests and removed after them (the database dropped, the prefix's keys
 * deleted), for a service run on them. The tables and the streams can then be read directly, as
 * someone holding a copy of them (or a backup) would. Call it before the hooks that start the
 * service: hooks after it run after it, and are undone before it.
 */
export function useStoredCopy(databasePrefix: string): StoredCopy {
  const prefix = `test:${randomUUID()}`;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let sql: pg.Client | undefined;
  let redis: Redis | undefined;
  let bus: EventBus | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useStoredCopy: read before its beforeAll ran');
    return value;
  };
  beforeAll(async () => {
    database = await createTestDatabase(databasePrefix);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
    bus = await createEventBus({ kind: 'redis', redisUrl: redisUrl(), prefix });
  });
  afterAll(async () => {
    await bus?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await sql?.end();
    await database?.drop();
  });
  const copy: StoredCopy = {
    prefix,
    get url() {
      return ready(database).url;
    },
    get sql() {
      return ready(sql);
    },
    get bus() {
      return ready(bus);
    },
    async everyRow() {
      const client = ready(sql);
      const tables = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      const found: Array<{ table: string; row: string }> = [];
      for (const { table_name } of tables.rows) {
        const rows = await client.query<{ row: string }>(
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
      const client = ready(redis);
      let dump = '';
      for (const key of await client.keys(`${prefix}*`)) {
        if ((await client.type(key)) !== 'stream') continue;
        dump += JSON.stringify(await client.xrange(key, '-', '+'));
      }
      return dump;
    },
  };
  return copy;
}
