import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db-contract.ts';
import { defineRoute } from './route.ts';
import { defineService, migrateService, type RunningService, startService } from './service.ts';
import { eventually } from './testing/eventually.ts';
import { createTestDatabase, postgresUrl } from './testing/postgres.ts';
import { signedFetch, testSigningKey } from './testing/signed-calls.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

// A service on the real PostgreSQL behind a TCP proxy that the tests cut (ADR 37): the process must
// stay up, answer 503 in the error shape within its time-outs, and serve again by itself.

const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test-fixtures/migrations',
);
// Warnings are kept: the test waits for the one that says a checked-out connection was lost.
const warnings: string[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk, _encoding, done) {
      warnings.push(String(chunk));
      done();
    },
  }),
);

/** Resolves the held transaction's second half. */
let releaseHeld: () => void = () => {};
let heldArrived: () => void = () => {};

const notes = defineService({
  name: 'questionnaire',
  defaultPort: 0,
  migrationsFolder,
  routes: (ctx) => [
    defineRoute({
      method: 'get',
      path: '/api/v1/greetings',
      summary: 'Counts greetings',
      auth: 'none',
      handler: async () => {
        const rows = rowsOf(await ctx.db.execute(sql`select count(*)::int as n from greetings`));
        return rows[0];
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/greetings',
      summary: 'Writes a greeting in a transaction',
      auth: 'none',
      status: 201,
      handler: async () =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into greetings (text) values ('hello')`);
          return { ok: true };
        }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/held',
      summary: 'Writes, waits with its connection checked out, writes again',
      auth: 'none',
      status: 201,
      handler: async () =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into greetings (text) values ('first half')`);
          const released = new Promise<void>((resolve) => {
            releaseHeld = resolve;
          });
          heldArrived();
          await released;
          await tx.execute(sql`insert into greetings (text) values ('second half')`);
          return { ok: true };
        }),
    }),
  ],
});

const timeouts = {
  // Small, so that a connection lost for good to a failed transaction would show at once.
  DATABASE_POOL_SIZE: '2',
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_STATEMENT_TIMEOUT_MS: '1000',
  DATABASE_QUERY_TIMEOUT_MS: '1500',
};

describe('a service whose database connection is cut', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let service: RunningService;

  beforeAll(async () => {
    database = await createTestDatabase('iv_faults');
    const target = new URL(postgresUrl());
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    service = await startService(notes, {
      env: {
        DATABASE_URL: proxy.url(database.url),
        PORT: '0',
        LOG_LEVEL: 'silent',
        INTERNAL_SIGNING_KEY: testSigningKey,
        ...timeouts,
      },
      logger,
    });
  });

  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await database?.drop();
  });

  afterEach(() => {
    proxy.restore();
  });

  const connectionsLost = () => warnings.filter((line) => line.includes('database connection lost')).length;
  const get = (route: string) => signedFetch(service, `${service.url}${route}`);

  /** Fails unless the service serves and is ready again within `timeoutMs`. */
  async function servesAgainWithin(timeoutMs: number): Promise<void> {
    await eventually(
      async () => {
        const response = await get('/api/v1/greetings');
        await response.body?.cancel();
        return response.status === 200 && (await get('/readyz')).status === 200;
      },
      { timeoutMs, what: 'serving and ready again' },
    );
  }

  async function expectUnavailable(response: Response): Promise<void> {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
  }

  it('survives connections reset while idle and while checked out mid-transaction: 503, then serves by itself', async () => {
    // Some idle connections in the pool, and one held inside a transaction between two statements.
    expect((await get('/api/v1/greetings')).status).toBe(200);
    const arrived = new Promise<void>((resolve) => {
      heldArrived = resolve;
    });
    const held = signedFetch(service, `${service.url}/api/v1/held`, { method: 'POST' });
    await arrived;

    const lostBefore = connectionsLost();
    proxy.reset();
    // node-postgres would raise an unhandled 'error' on the checked-out client here and end the
    // process (the vitest worker with it): the kit's listener keeps it up, and says so.
    await expect.poll(connectionsLost, { timeout: 5000, interval: 10 }).toBeGreaterThan(lostBefore);
    releaseHeld();
    await expectUnavailable(await held);

    // The proxy forwards again at once: new connections replace the dead ones, no restart needed.
    await servesAgainWithin(5000);
    const count = (await (await get('/api/v1/greetings')).json()) as { n: number };
    // The cut transaction left nothing behind.
    expect(count.n).toBe(0);
  });

  it('answers 503 within its time-outs while the database is black-holed, and recovers when it is back', async () => {
    const write = () => signedFetch(service, `${service.url}/api/v1/greetings`, { method: 'POST' });
    // Both pooled connections open and idle, so the transactions below start on them.
    expect((await Promise.all([write(), write()])).map((r) => r.status)).toEqual([201, 201]);
    proxy.blackHole();

    // Transactions on the idle pooled connections: `begin` goes out and nothing comes back (client
    // query time-out). As many as the pool has connections: none may be lost for good.
    let started = Date.now();
    for (const response of await Promise.all([write(), write()])) await expectUnavailable(response);
    expect(Date.now() - started).toBeLessThan(4000);
    // New connections: accepted, never answered (connect time-out).
    started = Date.now();
    await expectUnavailable(await get('/api/v1/greetings'));
    expect(Date.now() - started).toBeLessThan(4000);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.database.ok).toBe(false);
    expect((await get('/livez')).status).toBe(200);

    proxy.restore();
    await servesAgainWithin(5000);
    // No connection was kept by a failed transaction: writes go through again.
    expect((await write()).status).toBe(201);
  });

  it('has given every connection back after all that: it stops at once', async () => {
    // A transaction whose `begin` failed and kept its connection would hold `stop()` for ever.
    const stopped = await Promise.race([
      service.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still holding connections'), 5000)),
    ]);
    expect(stopped).toBe('stopped');
  });
});

describe('migrations on a fresh database', () => {
  it('lets several replicas that start at once all come up, the schema applied once', async () => {
    const database = await createTestDatabase('iv_migrate');
    const env = {
      DATABASE_URL: database.url,
      PORT: '0',
      LOG_LEVEL: 'silent',
      INTERNAL_SIGNING_KEY: testSigningKey,
    };
    const started: RunningService[] = [];
    try {
      const replicas = await Promise.allSettled([
        ...Array.from({ length: 3 }, () => startService(notes, { env, logger })),
        // The one-shot migration job of a deployment, racing the replicas too.
        migrateService(notes, { env, logger }),
      ]);
      for (const replica of replicas)
        if (replica.status === 'fulfilled' && replica.value) started.push(replica.value);
      expect(replicas.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
      for (const replica of started) {
        const response = await signedFetch(replica, `${replica.url}/api/v1/greetings`);
        expect(await response.json()).toEqual({ n: 0 });
      }
      const history = rowsOf(
        await started[0]!.ctx.db.execute(sql`select count(*)::int as n from drizzle.__migrations`),
      );
      expect(history).toEqual([{ n: 1 }]);
    } finally {
      for (const replica of started) await replica.stop();
      await database.drop();
    }
  });
});
