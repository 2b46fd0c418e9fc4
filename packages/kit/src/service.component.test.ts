import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent } from './events/envelope.ts';
import { MemoryEventBus } from './events/memory-bus.ts';
import { pingRecorder } from './events/test-support.ts';
import { createLogger, type Logger } from './logger.ts';
import { defineRoute } from './route.ts';
import { defineService, type RunningService, startService } from './service.ts';
import { eventually } from './testing/eventually.ts';
import { signedFetch } from './testing/signed-calls.ts';
import { traceFields } from './tracing.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
const env = { DATABASE_URL: 'memory://', PORT: '0', LOG_LEVEL: 'silent' };
const running: RunningService[] = [];
afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
});

const received: string[] = [];
const producer = defineService({
  name: 'auth',
  defaultPort: 0,
  routes: (ctx) => [
    defineRoute({
      method: 'post',
      path: '/api/v1/notes',
      summary: 'Write a note and announce it',
      auth: 'none',
      body: z.object({ note: z.string(), fail: z.boolean().default(false) }),
      status: 201,
      handler: async ({ body }) =>
        ctx.transaction(async (_tx, emit) => {
          await emit(createEvent('platform.ping', 'subject-1', { note: body.note }));
          if (body.fail) throw new Error('the change failed after the event was written');
          return { ok: true };
        }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/slow',
      summary: 'Takes a while',
      auth: 'none',
      handler: async () => {
        const finished = new Promise<void>((resolve) => {
          finishSlow = resolve;
        });
        slowArrived();
        await finished;
        return { finished: true };
      },
    }),
  ],
});
/** Called by the slow route as its request arrives. */
let slowArrived: () => void = () => {};
/** Lets the slow route answer. */
let finishSlow: () => void = () => {};

const consumer = pingRecorder(received);

/** A logger whose JSON lines are kept, to read what a service logged. */
function capturingLogger(name: string): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const log = pino({ name, level: 'info', mixin: traceFields }, stream);
  return {
    logger: log,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

/** The value of the series `name` whose labels include `labels` on a /metrics page. */
function metricValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? '').includes(`${k}="${v}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('a service built with the kit', () => {
  it("continues a request's trace in the consumer's log for the event it caused, and counts the event", async () => {
    const bus = new MemoryEventBus();
    const consumed = capturingLogger('notifications');
    const notifications = await startService(consumer, { env, bus, logger: consumed.logger });
    running.push(notifications);
    const auth = await startService(producer, { env, bus, logger });
    running.push(auth);
    // As the gateway sends it: a new trace whose id the test knows.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await signedFetch(auth, `${auth.url}/api/v1/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ note: 'traced' }),
    });
    expect(response.status).toBe(201);
    await eventually(() => received.includes('traced'));
    await eventually(() => consumed.lines().some((l) => l.msg === 'event handled'));
    const handled = consumed.lines().find((l) => l.msg === 'event handled')!;
    expect(handled).toMatchObject({ eventType: 'platform.ping', group: 'notifications', trace_id: traceId });

    const producerMetrics = await (await fetch(auth.metricsUrl)).text();
    expect(metricValue(producerMetrics, 'events_published_total', { type: 'platform.ping' })).toBe(1);
    expect(metricValue(producerMetrics, 'outbox_pending_events', {})).toBe(0);
    const consumerMetrics = await (await fetch(notifications.metricsUrl)).text();
    const group = { type: 'platform.ping', group: 'notifications' };
    expect(metricValue(consumerMetrics, 'events_consumed_total', group)).toBe(1);
    expect(metricValue(consumerMetrics, 'event_consumer_lag', { group: 'notifications' })).toBe(0);
    expect(metricValue(consumerMetrics, 'db_pool_connections', { state: 'total' })).toBe(1);
    received.splice(0);
  });

  it('carries an event from one service to another through outbox, bus and inbox; never from a rollback', async () => {
    const bus = new MemoryEventBus();
    running.push(await startService(consumer, { env, bus, logger }));
    const auth = await startService(producer, { env, bus, logger });
    running.push(auth);
    const post = (body: object) =>
      signedFetch(auth, `${auth.url}/api/v1/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ note: 'kept', fail: true })).status).toBe(500);
    expect((await post({ note: 'sent' })).status).toBe(201);
    await eventually(() => received.includes('sent'));
    // Both notes are about subject-1, whose events the bus delivers in order: had the rolled-back
    // change written its event, it would have come first.
    expect(received).toEqual(['sent']);
  });

  it('answers /livez, /readyz, /metrics and /openapi.json', async () => {
    const auth = await startService(producer, { env, bus: new MemoryEventBus(), logger });
    running.push(auth);
    expect((await fetch(`${auth.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${auth.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks).toEqual({
      database: { ok: true },
      bus: { ok: true, optional: true },
      jobs: { ok: true, optional: true },
    });
    expect(await (await fetch(`${auth.url}/metrics`)).text()).toContain('http_requests_total');
    const doc = await (await fetch(`${auth.url}/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toContain('/api/v1/notes');
  });

  it('shuts down gracefully: the request in flight finishes, then nothing is accepted', async () => {
    const auth = await startService(producer, { env, bus: new MemoryEventBus(), logger });
    // Stop once the service has the request (a fixed pause lost the race on a loaded machine).
    const arrived = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    const slow = signedFetch(auth, `${auth.url}/api/v1/slow`);
    await arrived;
    const stopped = auth.stop();
    // The stop is under way (no new connection is taken) while the request is still being answered.
    await expect
      .poll(
        () =>
          fetch(`${auth.url}/livez`).then(
            () => 'listening',
            () => 'closed',
          ),
        { timeout: 10_000, interval: 20 },
      )
      .toBe('closed');
    finishSlow();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    await stopped;
    await expect(fetch(`${auth.url}/livez`)).rejects.toThrow();
    await expect(auth.ctx.database.ping()).rejects.toThrow();
  });

  it('stops start-up with one line naming a bad setting', async () => {
    await expect(
      startService(producer, { env: { ...env, EVENT_BUS: 'carrier-pigeon' }, logger }),
    ).rejects.toThrow(/^Invalid configuration: EVENT_BUS: /);
  });
});

describe("a service's own context", () => {
  it('is built once and handed to its routes, consumers, jobs and readiness', async () => {
    const built: Array<{ name: string }> = [];
    const seen: unknown[] = [];
    const counted = defineService({
      name: 'counter',
      defaultPort: 0,
      context: (service) => {
        const own = { name: `${service.name}'s own` };
        built.push(own);
        return own;
      },
      routes: (own) => {
        seen.push(own);
        return [
          defineRoute({
            method: 'get',
            path: '/api/v1/whose',
            summary: 'Whose context the route has',
            auth: 'none',
            handler: async () => ({ whose: own.name }),
          }),
        ];
      },
      subscriptions: (own) => {
        seen.push(own);
        return [];
      },
      jobs: (own) => {
        seen.push(own);
      },
      readiness: (own) => {
        seen.push(own);
        return {};
      },
      optionalReadiness: (own) => {
        seen.push(own);
        return {};
      },
    });
    const service = await startService(counted, { env, bus: new MemoryEventBus(), logger });
    running.push(service);
    expect(built).toHaveLength(1);
    expect(service.context).toBe(built[0]);
    expect(seen).toHaveLength(5);
    for (const given of seen) expect(given).toBe(built[0]);
    const answer = await signedFetch(service, `${service.url}/api/v1/whose`);
    expect(await answer.json()).toEqual({ whose: "counter's own" });
  });

  it('runs the onStop work registered from it on stop, in the order registered, once', async () => {
    const stops: string[] = [];
    const stopping = defineService({
      name: 'stopping',
      defaultPort: 0,
      context: (service) => {
        service.onStop(async () => {
          // The service still answers while its work ends: requests drain afterwards.
          await service.database.ping();
          stops.push('replies');
        });
        service.onStop(() => {
          stops.push('timers');
        });
        return { service };
      },
      routes: () => [],
    });
    const service = await startService(stopping, { env, bus: new MemoryEventBus(), logger });
    expect(stops).toEqual([]);
    await service.stopWork();
    expect(stops).toEqual(['replies', 'timers']);
    expect((await fetch(`${service.url}/livez`)).status).toBe(200);
    await service.stop();
    expect(stops).toEqual(['replies', 'timers']);
    await expect(fetch(`${service.url}/livez`)).rejects.toThrow();
  });
});
