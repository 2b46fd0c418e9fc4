// Test-only: a service started in process the way every service harness starts one (PGlite, a
// private in-process bus, a manual clock, silent logs, a free port), called as the gateway calls it,
// with the events it publishes collected. Each service's harness adds its own verbs on top.
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType } from '@innerview/contracts';
import type { z } from 'zod';
import { ManualClock } from '../clock.ts';
import type { BaseConfig } from '../config.ts';
import type { EventBus } from '../events/bus.ts';
import { createEventBus } from '../events/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { createLogger, type Logger } from '../logger.ts';
import { type RunningService, type ServiceDefinition, startService } from '../service.ts';
import { type Caller, USER_ID_HEADER } from '../trust.ts';
import { eventually } from './eventually.ts';
import { type KeySource, signedFetch, testSigningKey } from './signed-calls.ts';

export interface TestServiceOptions {
  /** Over the defaults (PGlite, the shared test signing key, port 0, silent logs). */
  env?: Record<string, string>;
  /** Where the clock starts, unless `clock` is given. */
  startAt?: string;
  clock?: ManualClock;
  /** A bus the caller owns (e.g. Redis, shared with other services); by default a private one. */
  bus?: EventBus;
  jobs?: JobQueue;
  logger?: Logger;
  /** The event types `events` collects. */
  collect?: EventType[];
}

export interface CallOptions {
  /** The person the gateway forwards the call for (none: anonymous). */
  userId?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  redirect?: RequestRedirect;
  /** Signed as another caller than the gateway (e.g. `chat` for an internal call). */
  caller?: Caller;
  /** Signs with these keys instead of the service's (a wrong key, an old one). */
  keys?: KeySource;
}

export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies field by field.
  body: any;
  headers: Headers;
}

export interface TestService<S extends RunningService = RunningService> {
  service: S;
  url: string;
  clock: ManualClock;
  bus: EventBus;
  /** Every collected event published so far, in order. */
  events: EventEnvelope[];
  /** A signed call; a body is sent as JSON. */
  request(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** `request`, its body read as JSON when it is JSON (else the text; undefined when empty). */
  call(method: string, path: string, options?: CallOptions): Promise<JsonAnswer>;
  /** Publishes on the bus, as another service would. */
  publish(...events: EventEnvelope[]): Promise<void>;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  eventsOf<T extends EventType>(type: T, subject?: string): EventEnvelope<T>[];
  /** Stops the collector and the service, and closes the bus if it is the service's own. */
  stop(): Promise<void>;
}

export async function startTestService<S extends z.ZodObject, T>(
  definition: ServiceDefinition<S, T>,
  options: TestServiceOptions = {},
): Promise<TestService<RunningService<z.infer<S> & BaseConfig, T>>> {
  const clock = options.clock ?? new ManualClock(options.startAt ?? '2026-05-01T10:00:00.000Z');
  const bus = options.bus ?? (await createEventBus({ kind: 'memory', prefix: `test-${randomUUID()}` }));
  const service = await startService(definition, {
    env: {
      DATABASE_URL: 'memory://',
      INTERNAL_SIGNING_KEY: testSigningKey,
      // A free port: test files run in parallel, and a service's default port can be bound once.
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...options.env,
    },
    bus,
    clock,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    logger: options.logger ?? createLogger({ name: definition.name, level: 'silent' }),
  });
  const events: EventEnvelope[] = [];
  const collector = options.collect?.length
    ? await bus.subscribe({
        group: `test-collector-${randomUUID()}`,
        types: options.collect,
        handler: async (event) => {
          events.push(event);
        },
      })
    : undefined;

  const request: TestService['request'] = (method, path, { userId, body, headers = {}, ...rest } = {}) =>
    signedFetch(rest.keys ?? service, `${service.url}${path}`, {
      method,
      headers: {
        ...(userId ? { [USER_ID_HEADER]: userId } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(rest.signal ? { signal: rest.signal } : {}),
      ...(rest.redirect ? { redirect: rest.redirect } : {}),
      ...(rest.caller ? { caller: rest.caller } : {}),
    });

  return {
    service,
    url: service.url,
    clock,
    bus,
    events,
    request,
    async call(method, path, callOptions) {
      return jsonAnswer(await request(method, path, callOptions));
    },
    publish: (...published) => bus.publish(published),
    waitForEvent: (type, match, timeoutMs = 5000) =>
      eventually(() => events.find((e) => e.type === type && (!match || match(e as never))) as never, {
        timeoutMs,
        what: `a ${type} event`,
      }),
    eventsOf: (type, subject) =>
      events.filter((e) => e.type === type && (!subject || e.subject === subject)) as never,
    async stop() {
      await collector?.stop();
      await service.stop();
      if (!options.bus) await bus.close();
    },
  };
}

/** A response as tests read it: status, headers and the body parsed when it is JSON. */
export async function jsonAnswer(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: response.status, body, headers: response.headers };
}
