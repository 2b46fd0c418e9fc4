import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db.ts';
import { HttpError } from '../errors.ts';
import { errorText, isTransient, jitteredDelay, PoisonEventError, TransientError } from './delivery.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('failure classification (ADR 35)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: 'memory://', dataDir: '' });
    await database.db.execute(sql`create table t (id int primary key)`);
  }, 60_000);
  afterAll(async () => database?.close());

  it('calls a database that refuses connections transient', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isTransient(error)).toBe(true);
  });

  it('calls a service that cannot be reached, or answers 502/503/504, transient', async () => {
    const error = await fetch(`http://127.0.0.1:${await closedPort()}/`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isTransient(error)).toBe(true);
    expect(isTransient(new HttpError(503))).toBe(true);
    expect(isTransient(new HttpError(504))).toBe(true);
    expect(isTransient(new HttpError(404))).toBe(false);
    expect(isTransient(new TransientError('billing not ready'))).toBe(true);
    expect(
      isTransient(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) })),
    ).toBe(true);
  });

  it("calls a handler's own errors, constraint violations and invalid events permanent", async () => {
    await database.db.execute(sql`insert into t (id) values (1)`);
    const violation = await database.db.execute(sql`insert into t (id) values (${1})`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(violation).toBeDefined();
    expect(isTransient(violation)).toBe(false);
    expect(isTransient(new Error('no such account'))).toBe(false);
    expect(isTransient(new PoisonEventError('bad'))).toBe(false);
    expect(isTransient(z.object({ a: z.string() }).safeParse({}).error)).toBe(false);
  });

  it("keeps a failed query's driver message, never its parameters", async () => {
    const error = await database.db
      .execute(sql`insert into t (id) values (${'not-a-number-secret@example.com'})`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const text = errorText(error);
    expect(text).toContain('data exception (22P02)');
    expect(text).not.toContain('secret@example.com');
    await database.db.execute(sql`insert into t (id) values (2)`);
    const duplicate = await database.db.execute(sql`insert into t (id) values (${2})`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(errorText(duplicate)).toContain('duplicate key value violates unique constraint');
    expect(errorText(duplicate)).not.toContain('params');
  });

  it('draws backoff delays with full jitter under a doubling, capped ceiling', () => {
    expect(jitteredDelay(200, 30_000, 1, () => 0.999)).toBe(199);
    expect(jitteredDelay(200, 30_000, 4, () => 0.5)).toBe(800);
    expect(jitteredDelay(200, 30_000, 40, () => 0.999)).toBe(29_970);
    expect(jitteredDelay(200, 30_000, 3, () => 0)).toBe(0);
  });
});
