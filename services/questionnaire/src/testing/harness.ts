import type { EventEnvelope, EventType } from '@innerview/contracts';
import { generateKeyText, type KeyRing, parseKeyRing } from '@innerview/crypto';
import type { EventBus, Logger, ManualClock, RunningService } from '@innerview/kit';
import { eventHandled, everyEventDelivered } from '@innerview/kit/testing/delivered';
import { startTestService } from '@innerview/kit/testing/test-service';
import { hookFor } from '@innerview/kit/testing/use-started';
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
  const payloadKey = options.env?.EVENT_PAYLOAD_KEY ?? generateKeyText(1);
  const test = await startTestService(createQuestionnaireService(), {
    ...options,
    env: { ...options.env, EVENT_PAYLOAD_KEY: payloadKey },
    collect: questionnaireEvents,
  });
  return {
    url: test.url,
    clock: test.clock,
    bus: test.bus,
    service: test.service,
    eventPayloadKeys: parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: payloadKey }),
    events: test.events,
    call: test.call,
    waitForEvent: test.waitForEvent,
    publish: (event) => test.publish(event),
    handled: (event) => eventHandled(test.service.ctx.db, event),
    allDelivered: () => everyEventDelivered(test.service.ctx.db, () => test.events, questionnaireEvents),
    stop: test.stop,
  };
}

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useQuestionnaireHarness = hookFor(startQuestionnaireHarness);
