import { randomUUID } from 'node:crypto';
import { answersSnapshotAad, type EventData, type EventEnvelope, type EventType } from '@innerview/contracts';
import { generateKeyText, parseKeyRing, sealPayload } from '@innerview/crypto';
import { createEvent, type EventBus, ManualClock, type RunningService } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { startTestService } from '@innerview/kit/testing/test-service';
import { type ChatServiceOptions, createChatService, stopReplies } from '../app.ts';
import type { ChatContext } from '../chat-context.ts';
import { findAccess } from '../db/access.ts';
import { findProfile } from '../db/profiles.ts';

/**
 * A running chat service for tests, called the way the gateway calls it (the user id header), with
 * the in-process (or a given) bus to drive its projections and to watch the events it emits.
 */
export interface ChatHarness {
  url: string;
  clock: ManualClock;
  bus: EventBus;
  service: RunningService;
  chat: ChatContext;
  events: EventEnvelope[];
  /** The collected events of one type. */
  eventsOf<T extends EventType>(type: T): EventEnvelope<T>[];
  eventPayloadKey: string;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  /** Publishes an event as its producer would (validated, stamped with the test clock). */
  publish<T extends EventType>(type: T, data: EventData<T>, occurredAt?: Date): Promise<void>;
  /** Publishes `billing.subscription.changed` and waits until chat's projection shows it. */
  subscribe(
    userId: string,
    status?: EventData<'billing.subscription.changed'>['status'],
    extra?: Partial<EventData<'billing.subscription.changed'>>,
  ): Promise<void>;
  /** Publishes the person's questionnaire answers (sealed, as the questionnaire service does) and waits. */
  answers(
    userId: string,
    answers: Array<{ questionKey: string; answerText: string }>,
    revision?: number,
    wait?: boolean,
  ): Promise<void>;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  /** Waits until every reply in flight is persisted. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

export interface CallOptions {
  userId?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ChatHarnessOptions extends ChatServiceOptions {
  env?: Record<string, string>;
  bus?: EventBus;
  clock?: ManualClock;
}

const chatEventTypes: EventType[] = [
  'chat.reflection.weekly_due',
  'chat.tokens.consumed',
  'chat.safety.flagged',
  'chat.session.deleted',
  'chat.goal.checkin_due',
];

/** Polls `probe` until it gives a truthy value, and returns it (the kit's shared `eventually`). */
export function waitUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  return eventually(async () => (await probe()) || undefined, { timeoutMs });
}

export async function startChatHarness(options: ChatHarnessOptions = {}): Promise<ChatHarness> {
  const clock = options.clock ?? new ManualClock('2026-05-01T10:00:00.000Z');
  const eventPayloadKey = generateKeyText();
  const definition = createChatService(options);
  const test = await startTestService(definition, {
    ...(options.bus ? { bus: options.bus } : {}),
    clock,
    env: {
      HOST: '127.0.0.1',
      OFFLINE_COACH_DELAY_MS: '1',
      EVENT_PAYLOAD_KEY: eventPayloadKey,
      JOBS: 'memory',
      ...options.env,
    },
    collect: chatEventTypes,
  });
  const { service, bus, events } = test;
  const chat = definition.chatOf(service.ctx as never);
  const payloadKeys = parseKeyRing({
    name: 'EVENT_PAYLOAD_KEY',
    value: options.env?.EVENT_PAYLOAD_KEY ?? eventPayloadKey,
  });
  const call: ChatHarness['call'] = (method, path, body, opts = {}) =>
    test.request(method, path, { body, ...opts });

  const publish: ChatHarness['publish'] = async (type, data, occurredAt) => {
    const subject = (data as { userId?: string }).userId ?? randomUUID();
    await test.publish(
      createEvent(type, subject, data, { occurredAt: (occurredAt ?? clock.now()).toISOString() }),
    );
  };

  let harnessSeq = 0;
  const harness: ChatHarness = {
    url: service.url,
    clock,
    bus,
    service: service as never,
    chat,
    events,
    eventsOf: (type) => test.eventsOf(type),
    eventPayloadKey,
    call,
    publish,
    async subscribe(userId, status = 'monthly', extra = {}) {
      const data = {
        userId,
        status,
        plan:
          status === 'freemium'
            ? ('freemium' as const)
            : status === 'yearly'
              ? ('yearly' as const)
              : ('monthly' as const),
        periodEnd: new Date(clock.now().getTime() + 20 * 86_400_000).toISOString(),
        trialTokensRemaining: status === 'freemium' ? 100_000 : null,
        ...extra,
      };
      // Each change is newer than the last, as billing's are.
      harnessSeq += 1;
      const at = new Date(clock.now().getTime() + harnessSeq);
      await publish('billing.subscription.changed', data, at);
      await waitUntil(async () => {
        const row = await findAccess(service.ctx.db, userId);
        return row?.status === status && row.trialTokensRemaining === data.trialTokensRemaining;
      });
    },
    async answers(userId, answers, revision = 1, wait = true) {
      const sealed = sealPayload(payloadKeys, JSON.stringify({ answers }), answersSnapshotAad(userId));
      await publish('questionnaire.answers.changed', {
        userId,
        revision,
        submitted: true,
        sealedAnswers: sealed,
      });
      if (wait)
        await waitUntil(
          async () => (await findProfile(service.ctx.db, userId))?.answersRevision === revision,
        );
    },
    waitForEvent: test.waitForEvent,
    async settle() {
      // A reply's task may start more work when it ends (the memory step): wait for that too.
      while (chat.tasks.size + chat.background.size > 0)
        await Promise.allSettled([...chat.tasks, ...chat.background]);
    },
    async stop() {
      await stopReplies(chat);
      await test.stop();
    },
  };
  return harness;
}
