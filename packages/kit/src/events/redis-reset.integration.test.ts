import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import { defineRoute } from '../route.ts';
import { defineService, type RunningService, startService } from '../service.ts';
import { eventually } from '../testing/eventually.ts';
import { createTestDatabase } from '../testing/postgres.ts';
import { type OwnRedis, startOwnRedis } from '../testing/redis-server.ts';
import { signedFetch, testSigningKey } from '../testing/signed-calls.ts';
import { createEvent } from './envelope.ts';
import { pingRecorder } from './test-support.ts';

// Two services on their own redis-server (never the shared one), which is killed and brought back
// EMPTY, as a Redis restarted without persistence is (ADR 38): the producer stays ready and keeps
// accepting writes through its outbox, and the consumer's group is created again on NOGROUP, so
// every event is consumed once, with no restart of either service.

const logger = createLogger({ name: 'test', level: 'silent' });
const received: string[] = [];

const producer = defineService({
  name: 'auth',
  defaultPort: 0,
  routes: (ctx) => [
    defineRoute({
      method: 'post',
      path: '/api/v1/notes',
      summary: 'Writes a note and announces it',
      auth: 'none',
      body: z.object({ note: z.string() }),
      status: 201,
      handler: async ({ body }) =>
        ctx.transaction(async (_tx, emit) => {
          await emit(createEvent('platform.ping', `subject-${body.note}`, { note: body.note }));
          return { ok: true };
        }),
    }),
  ],
});

const consumer = pingRecorder(received);

describe('services on a Redis that comes back empty', () => {
  let redis: OwnRedis;
  const running: RunningService[] = [];

  const databases: Array<{ url: string; drop(): Promise<void> }> = [];

  // On PostgreSQL (one database each, as deployed): it starts in a moment where PGlite needs a while.
  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      EVENT_BUS: 'redis',
      REDIS_URL: redis.url,
      INTERNAL_SIGNING_KEY: testSigningKey,
    };
    for (const definition of [consumer, producer]) {
      const database = await createTestDatabase('iv_redis_reset');
      databases.push(database);
      running.push(await startService(definition, { env: { ...env, DATABASE_URL: database.url }, logger }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const service of running.splice(0).reverse()) await service.stop();
    await redis?.stop();
    for (const database of databases) await database.drop();
  }, 120_000);

  it('stays ready without Redis, and consumes what was written before, during and after the outage', async () => {
    const [consumerService, producerService] = running as [RunningService, RunningService];
    const post = (note: string) =>
      signedFetch(producerService, `${producerService.url}/api/v1/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ note }),
      });
    expect((await post('before')).status).toBe(201);
    await eventually(() => received.includes('before'), { timeoutMs: 10_000, what: 'the first event' });

    await redis.kill();
    // The outbox holds the events: neither service goes unready because the bus is away.
    for (const service of [producerService, consumerService]) {
      const ready = await fetch(`${service.url}/readyz`);
      const body = await ready.json();
      expect(ready.status).toBe(200);
      expect(body.checks.bus).toMatchObject({ ok: false, optional: true });
      expect(body.checks.database).toEqual({ ok: true });
    }
    expect((await post('during')).status).toBe(201);

    await redis.restart();
    // Streams, groups and leases are all gone; the consumer finds NOGROUP and creates its group again.
    await eventually(() => received.includes('during'), {
      timeoutMs: 20_000,
      what: 'the event written during the outage',
    });
    expect((await post('after')).status).toBe(201);
    await eventually(() => received.includes('after'), {
      timeoutMs: 10_000,
      what: 'the event written after the reset',
    });
    expect(received).toEqual(['before', 'during', 'after']);
  });
});
