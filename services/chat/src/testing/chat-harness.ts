import { randomUUID } from 'node:crypto';
import { answersSnapshotAad, type EventData, type EventEnvelope, type EventType } from '@innerview/contracts';
import type { ChatDenialReason, SubscriptionStatus } from '@innerview/contracts/subscription-status';
import { generateKeyText, parseKeyRing, sealPayload } from '@innerview/crypto';
import { createEvent, type EventBus, ManualClock, type RunningService } from '@innerview/kit';
import { eventHandled, everyEventDelivered } from '@innerview/kit/testing/delivered';
import { eventually } from '@innerview/kit/testing/eventually';
import { startTestService } from '@innerview/kit/testing/test-service';
import { hookFor } from '@innerview/kit/testing/use-started';
import { expect } from 'vitest';
import { type ChatServiceOptions, createChatService } from '../app.ts';
import type { ChatContext } from '../chat-context.ts';
import { findVerdict } from '../db/access.ts';
import { findProfile } from '../db/profiles.ts';
import { readSse, type SseEvent } from './sse-client.ts';

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
  /** Publishes an event as its producer would (validated, stamped with the test clock); returns it. */
  publish<T extends EventType>(type: T, data: EventData<T>, occurredAt?: Date): Promise<EventEnvelope<T>>;
  /** Waits until chat has handled the event (its inbox row), applied or, when it is stale, ignored. */
  handled(event: EventEnvelope): Promise<void>;
  /**
   * Plays billing for a subscription in `status`: publishes a `billing.chat-access.changed` verdict
   * of that kind (allowed until `periodEnd`, 20 days from now unless given) and waits until chat
   * stored it. Tests of access itself publish their verdicts with `grant`.
   */
  subscribe(userId: string, status?: SubscriptionStatus, extra?: SubscribeExtra): Promise<void>;
  /** Publishes billing's verdict as it is (each newer than the last) and waits until chat stored it. */
  grant(userId: string, verdict: Omit<ChatAccessVerdictData, 'userId'>): Promise<void>;
  /** Publishes the person's questionnaire answers (sealed, as the questionnaire service does) and waits. */
  answers(
    userId: string,
    answers: Array<{ questionKey: string; answerText: string }>,
    revision?: number,
    wait?: boolean,
  ): Promise<EventEnvelope<'questionnaire.answers.changed'>>;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  /** Waits until every reply in flight is persisted. */
  settle(): Promise<void>;
  /**
   * Waits until every event chat has written so far reached `events` (after `settle`, for a reply's
   * events): then a test that counts them needs no pause for strays.
   */
  allDelivered(): Promise<void>;
  stop(): Promise<void>;
}

type ChatAccessVerdictData = EventData<'billing.chat-access.changed'>;

export interface SubscribeExtra {
  periodEnd?: string;
  trialTokensRemaining?: number | null;
}

/** The verdict billing would publish for a subscription of this kind (a test's stand-in). */
function verdictFor(
  status: SubscriptionStatus,
  periodEnd: string,
  trialTokensRemaining: number | null,
): Omit<ChatAccessVerdictData, 'userId'> {
  const allowed = (access: 'trial' | 'full' | 'limited', reason: ChatDenialReason) => ({
    allowed: true,
    allowedUntil: periodEnd,
    reason,
    access,
    trialTokensRemaining: access === 'trial' ? trialTokensRemaining : null,
  });
  const refused = (reason: ChatDenialReason) => ({
    allowed: false,
    allowedUntil: null,
    reason,
    access: null,
    trialTokensRemaining: null,
  });
  switch (status) {
    case 'freemium':
      return allowed('trial', 'trial_expired');
    case 'monthly':
    case 'yearly':
      return allowed('full', 'subscription_expired');
    case 'cancelling_at_period_end':
      return allowed('full', 'subscription_cancelled');
    case 'past_due':
      return allowed('limited', 'payment_past_due');
    case 'cancelled':
      return refused('subscription_cancelled');
    case 'expired':
      return refused('subscription_expired');
  }
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
  const chat = service.context;
  const payloadKeys = parseKeyRing({
    name: 'EVENT_PAYLOAD_KEY',
    value: options.env?.EVENT_PAYLOAD_KEY ?? eventPayloadKey,
  });
  const call: ChatHarness['call'] = (method, path, body, opts = {}) =>
    test.request(method, path, { body, ...opts });

  const publish: ChatHarness['publish'] = async (type, data, occurredAt) => {
    const subject = (data as { userId?: string }).userId ?? randomUUID();
    const event = createEvent(type, subject, data, { occurredAt: (occurredAt ?? clock.now()).toISOString() });
    await test.publish(event);
    return event;
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
    handled: (event) => eventHandled(service.ctx.db, event),
    async subscribe(userId, status = 'monthly', extra = {}) {
      const periodEnd = extra.periodEnd ?? new Date(clock.now().getTime() + 20 * 86_400_000).toISOString();
      const tokens = extra.trialTokensRemaining === undefined ? 100_000 : extra.trialTokensRemaining;
      await harness.grant(userId, verdictFor(status, periodEnd, tokens));
    },
    async grant(userId, verdict) {
      // Each verdict is newer than the last, as billing's are.
      harnessSeq += 1;
      const at = new Date(clock.now().getTime() + harnessSeq);
      await publish('billing.chat-access.changed', { userId, ...verdict }, at);
      await eventually(async () => {
        const stored = await findVerdict(service.ctx.db, userId);
        return (
          stored?.allowed === verdict.allowed &&
          stored.reason === verdict.reason &&
          stored.access === verdict.access &&
          (stored.allowedUntil?.toISOString() ?? null) === verdict.allowedUntil &&
          stored.trialTokensRemaining === verdict.trialTokensRemaining
        );
      });
    },
    async answers(userId, answers, revision = 1, wait = true) {
      const sealed = sealPayload(payloadKeys, JSON.stringify({ answers }), answersSnapshotAad(userId));
      const event = await publish('questionnaire.answers.changed', {
        userId,
        revision,
        submitted: true,
        sealedAnswers: sealed,
      });
      if (wait)
        await eventually(
          async () => (await findProfile(service.ctx.db, userId))?.answersRevision === revision,
        );
      return event;
    },
    waitForEvent: test.waitForEvent,
    async settle() {
      // A reply's task may start more work when it ends (the memory step): wait for that too.
      while (chat.tasks.size + chat.background.size > 0)
        await Promise.allSettled([...chat.tasks, ...chat.background]);
    },
    allDelivered: () => everyEventDelivered(service.ctx.db, () => events, chatEventTypes),
    async stop() {
      await test.stop();
    },
  };
  return harness;
}

/**
 * Sends a message as `userId` (to `sessionId`, or a new session with `null`), expects it accepted
 * and reads the whole reply stream; `sessionId` is the one the stream names.
 */
export async function sendMessage(
  h: ChatHarness,
  userId: string,
  message: string,
  sessionId: string | null = null,
  headers: Record<string, string> = {},
): Promise<{ response: Response; events: SseEvent[]; sessionId: string }> {
  const response = await h.call(
    'POST',
    '/api/v1/chat/stream',
    { message, session_id: sessionId },
    { userId, headers },
  );
  expect(response.status).toBe(200);
  const events = await readSse(response);
  return { response, events, sessionId: (JSON.parse(events[0]!.data) as { session_id: string }).session_id };
}

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useChatHarness = hookFor(startChatHarness);
