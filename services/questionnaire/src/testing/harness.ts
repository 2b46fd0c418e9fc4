import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType } from '@innerview/contracts';
import { generateKeyText, type KeyRing, parseKeyRing } from '@innerview/crypto';
import {
  createEventBus,
  createLogger,
  type EventBus,
  type Logger,
  ManualClock,
  type RunningService,
  startService,
  USER_ID_HEADER,
} from '@innerview/kit';
import { eventHandled, everyEventDelivered } from '@innerview/kit/testing/delivered';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import { createQuestionnaireService } from '../app.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies field by field.
type Json = any;

/** A running questionnaire service for tests, called the way the gateway calls it. */
export interface QuestionnaireHarness {
  url: string;
  clock: ManualClock;
  bus: EventBus;
  service: RunningService;
  /** The event-payload key the service seals with (a consumer such as chat would hold it too). */
  eventPayloadKeys: KeyRing;
  /** Every questionnaire event published so far. */
  events: EventEnvelope[];
  /** A call as the gateway forwards it for `userId` (no user: anonymous). */
  call(
    method: string,
    path: string,
    options?: { userId?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Json; headers: Headers }>;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  /** Publishes an event on the bus, as another service would. */
  publish(event: EventEnvelope): Promise<void>;
  /** Waits until the service has handled `event` (applied, or ignored as stale). */
  handled(event: EventEnvelope): Promise<void>;
  /** Waits until every event the service has written so far is in `events`: then counting them needs no pause. */
  allDelivered(): Promise<void>;
  stop(): Promise<void>;
}

const questionnaireEvents: EventType[] = ['questionnaire.answers.changed', 'questionnaire.submitted'];

export async function startQuestionnaireHarness(
  options: {
    env?: Record<string, string>;
    clock?: ManualClock;
    logger?: Logger;
    /** A bus the caller owns (e.g. Redis); by default a private in-process one, closed by `stop`. */
    bus?: EventBus;
  } = {},
): Promise<QuestionnaireHarness> {
  const clock = options.clock ?? new ManualClock('2026-05-01T10:00:00.000Z');
  const bus = options.bus ?? (await createEventBus({ kind: 'memory', prefix: `test-${randomUUID()}` }));
  const payloadKey = options.env?.EVENT_PAYLOAD_KEY ?? generateKeyText(1);
  const service = await startService(createQuestionnaireService(), {
    env: {
      DATABASE_URL: 'memory://',
      INTERNAL_SIGNING_KEY: testSigningKey,
      LOG_LEVEL: 'silent',
      PORT: '0',
      ...options.env,
      EVENT_PAYLOAD_KEY: payloadKey,
    },
    bus,
    clock,
    logger: options.logger ?? createLogger({ name: 'questionnaire', level: 'silent' }),
  });
  const events: EventEnvelope[] = [];
  const collector = await bus.subscribe({
    group: `test-collector-${randomUUID()}`,
    types: questionnaireEvents,
    handler: async (event) => {
      events.push(event);
    },
  });
  const call: QuestionnaireHarness['call'] = async (method, path, { userId, body, headers = {} } = {}) => {
    const response = await signedFetch(service, `${service.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(userId ? { [USER_ID_HEADER]: userId } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  const waitForEvent: QuestionnaireHarness['waitForEvent'] = async (type, match, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((e) => e.type === type && (!match || match(e as never)));
      if (found) return found as never;
      if (Date.now() > deadline) throw new Error(`no ${type} event within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    url: service.url,
    clock,
    bus,
    service: service as never,
    eventPayloadKeys: parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: payloadKey }),
    events,
    call,
    waitForEvent,
    publish: (event) => bus.publish([event]),
    handled: (event) => eventHandled(service.ctx.db, event),
    allDelivered: () => everyEventDelivered(service.ctx.db, () => events, questionnaireEvents),
    stop: async () => {
      await collector.stop();
      await service.stop();
      if (!options.bus) await bus.close();
    },
  };
}
