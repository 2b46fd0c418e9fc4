import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl } from '../config.ts';

/**
 * Integration tests need the real PostgreSQL. Under CI a missing DATABASE_URL is a failure, not a
 * skip; locally the machine's default server is used.
 */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) return url;
  if (process.env.CI) throw new Error('DATABASE_URL must point at PostgreSQL for integration tests');
  return 'postgres://root@127.0.0.1:5432/test';
}

export function redisUrl(): string {
  const url = process.env.REDIS_URL;
  if (url?.startsWith('redis')) return url;
  if (process.env.CI) throw new Error('REDIS_URL must point at Redis for integration tests');
  return 'redis://127.0.0.1:6379';
}

/** A fresh, uniquely named database on the server of DATABASE_URL; `drop()` removes it. */
export async function createTestDatabase(
  prefix = 'iv_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(postgresUrl());
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  // A dropped connection fails the query in hand; unheard, it would also end the test process.
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
