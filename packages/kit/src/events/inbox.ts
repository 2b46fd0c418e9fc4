import type { EventEnvelope, EventType } from '@innerview/contracts';
import { lt } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db.ts';
import { contextFrom, inSpan, SpanKind } from '../tracing.ts';
import type { EventBus, SubscribeOptions, Subscription } from './bus.ts';
import { type EventsLogger, errorText, settlesWithin, silentLogger } from './delivery.ts';
import {
  consumeIn,
  type DeliveryPolicy,
  DurableDelivery,
  defaultDeliveryPolicy,
  type HandlersMetrics,
  newHandlersMetrics,
  ReadinessGate,
} from './durable-delivery.ts';
import { cutoff } from './outbox.ts';
import { kitInbox } from './schema.ts';

/**
 * Runs `effect` for `event` at most once per consumer group: the inbox row `(group, event.id)` and
 * the effect commit in ONE transaction. A redelivered event finds its row and does nothing
 * (returns false); an effect that throws rolls the row back, so the retry runs it again.
 * Two concurrent deliveries serialise on the row's primary key: the second waits, then sees it.
 */
export async function consume(
  db: Db,
  group: string,
  event: EventEnvelope,
  effect: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction((tx) => consumeIn(tx, group, event, effect));
}

/** What a service declares for each event type it consumes. */
export interface EventHandler<T extends EventType = EventType> {
  type: T;
  /** Runs inside the inbox transaction: write the effect with `tx` only. */
  handle(event: EventEnvelope<T>, tx: Tx): Promise<void>;
}

/** Any one of the typed handlers: what a service's `subscriptions()` list holds. */
export type EventHandlerDefinition = { [T in EventType]: EventHandler<T> }[EventType];

/** Declares a handler with its event's payload type inferred from `type`. */
export function on<T extends EventType>(
  type: T,
  handle: (event: EventEnvelope<T>, tx: Tx) => Promise<void>,
): EventHandler<T> {
  return { type, handle };
}

export interface SubscribeHandlersOptions
  extends Pick<SubscribeOptions, 'stopTimeoutMs' | 'consumerName'>,
    Partial<DeliveryPolicy> {
  bus: EventBus;
  db: Db;
  /** The consuming service; its name is the consumer group unless `group` says otherwise. */
  service?: string;
  /** The consumer group (one per service and purpose); defaults to `service`. */
  group?: string;
  handlers: EventHandlerDefinition[];
  /** Where failures are reported (id and type only, never data). */
  log?: EventsLogger;
  /**
   * Whether the service can work (e.g. its database answers): throws or answers `false` when not.
   * Consumption pauses while it does and resumes on its own. Asked at most every `readinessPollMs`.
   */
  ready?: () => Promise<unknown>;
  /** How often readiness is asked (and re-asked while paused); default 1 s. */
  readinessPollMs?: number;
  /** A readiness answer that takes longer means "not ready"; default 5 s. */
  readinessTimeoutMs?: number;
  /** How often requested dead-letter replays are looked for; default 5 s. */
  replayPollMs?: number;
}

export interface HandlersSubscription extends Subscription {
  readonly metrics: Readonly<HandlersMetrics>;
  /** Replays the dead letters whose replay was requested now, without waiting for the next poll. */
  replayRequested(): Promise<void>;
}

/**
 * Idempotent, outage-proof consumption in one call: subscribes the group to the handlers' types,
 * validates each event against the contracts and runs its handler through the inbox, with the
 * retries, readiness pause, durable try count and database dead letters of `DurableDelivery`
 * (ADR 35), and replays the dead letters an operator asks for (ADR 36).
 */
export async function subscribeHandlers(options: SubscribeHandlersOptions): Promise<HandlersSubscription> {
  const group = options.group ?? options.service;
  if (!group) throw new Error('subscribeHandlers needs a group or a service name');
  const log = options.log ?? silentLogger;
  const byType = new Map<string, EventHandlerDefinition>();
  for (const handler of options.handlers) {
    if (byType.has(handler.type)) throw new Error(`two handlers for ${handler.type} in group ${group}`);
    byType.set(handler.type, handler);
  }
  const metrics = newHandlersMetrics();
  // A service that consumes nothing joins no group.
  if (byType.size === 0) return { stop: async () => {}, metrics, replayRequested: async () => {} };
  const policy: DeliveryPolicy = {
    maxAttempts: options.maxAttempts ?? defaultDeliveryPolicy.maxAttempts,
    retryDelayMs: options.retryDelayMs ?? defaultDeliveryPolicy.retryDelayMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? defaultDeliveryPolicy.maxRetryDelayMs,
    retryWindowMs: options.retryWindowMs ?? defaultDeliveryPolicy.retryWindowMs,
  };
  const stopping = new AbortController();
  const gate = new ReadinessGate({
    ready: options.ready,
    pollMs: options.readinessPollMs ?? 1000,
    timeoutMs: options.readinessTimeoutMs ?? 5000,
    signal: stopping.signal,
    metrics,
  });
  const delivery = new DurableDelivery({
    db: options.db,
    group,
    byType: byType as Map<string, { handle: (event: EventEnvelope, tx: Tx) => Promise<void> }>,
    log,
    policy,
    gate,
    metrics,
    signal: stopping.signal,
  });
  const subscription = await options.bus.subscribe({
    group,
    types: [...byType.keys()],
    // The durable count above decides; the bus's own count is the backstop should the database
    // refuse the dead letter for good.
    maxAttempts: policy.maxAttempts + 2,
    retryDelayMs: policy.retryDelayMs,
    stopTimeoutMs: options.stopTimeoutMs,
    consumerName: options.consumerName,
    // The handler continues the trace of what caused the event: its log lines (and the events it
    // writes in turn) carry the same trace id (ADR 44).
    handler: (event) =>
      inSpan(
        `consume ${event.type}`,
        { parent: contextFrom(event.traceparent), kind: SpanKind.CONSUMER, attributes: { group } },
        async () => {
          await delivery.deliver(event);
          log.info?.({ group, eventId: event.id, eventType: event.type }, 'event handled');
        },
      ),
  });
  // Replays asked for while the service was stopped run at start, then every `replayPollMs`.
  let replaying: Promise<void> = Promise.resolve();
  let replayTimer: NodeJS.Timeout | undefined;
  const replayRequested = () => {
    replaying = replaying.then(() =>
      delivery
        .replayRequested()
        .catch((error) => log.warn({ group, err: errorText(error) }, 'dead letter replay pass failed')),
    );
    return replaying;
  };
  const scheduleReplay = () => {
    if (stopping.signal.aborted) return;
    replayTimer = setTimeout(
      () => void replayRequested().finally(scheduleReplay),
      options.replayPollMs ?? 5000,
    );
    replayTimer.unref();
  };
  void replayRequested().finally(scheduleReplay);
  let stopped: Promise<void> | undefined;
  return {
    metrics,
    replayRequested,
    stop: () => {
      stopped ??= (async () => {
        stopping.abort();
        clearTimeout(replayTimer);
        await subscription.stop();
        // A replay stuck behind a hung handler's transaction (PGlite has one connection) is left.
        await settlesWithin(replaying, options.stopTimeoutMs ?? 10_000);
      })();
      return stopped;
    },
  };
}

/**
 * Deletes inbox rows older than `olderThanMs`. Keep them longer than any redelivery can take
 * (the bus's retention), or an old event replayed after pruning would run its effect again.
 */
export async function pruneInbox(db: Queryable, olderThanMs: number, now?: Date): Promise<number> {
  const deleted = await db
    .delete(kitInbox)
    .where(lt(kitInbox.processedAt, cutoff(olderThanMs, now)))
    .returning({ eventId: kitInbox.eventId });
  return deleted.length;
}
