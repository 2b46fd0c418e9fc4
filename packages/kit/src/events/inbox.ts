import { type EventEnvelope, type EventType, parseEvent } from '@innerview/contracts';
import { lt } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db.ts';
import { contextFrom, inSpan, SpanKind } from '../tracing.ts';
import type { EventBus, SubscribeOptions, Subscription } from './bus.ts';
import { type EventsLogger, PoisonEventError, silentLogger } from './delivery.ts';
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
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(kitInbox)
      .values({ consumerGroup: group, eventId: event.id, eventType: event.type })
      .onConflictDoNothing()
      .returning({ eventId: kitInbox.eventId });
    if (inserted.length === 0) return false;
    await effect(tx);
    return true;
  });
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
  extends Pick<SubscribeOptions, 'maxAttempts' | 'retryDelayMs' | 'stopTimeoutMs' | 'consumerName'> {
  bus: EventBus;
  db: Db;
  /** The consuming service; its name is the consumer group unless `group` says otherwise. */
  service?: string;
  /** The consumer group (one per service and purpose); defaults to `service`. */
  group?: string;
  handlers: EventHandlerDefinition[];
  /** Where invalid events are reported (id and type only, never data). */
  log?: EventsLogger;
}

export interface HandlersSubscription extends Subscription {
  readonly metrics: { readonly processed: number; readonly duplicates: number };
}

/**
 * Idempotent consumption in one call: subscribes the group to the handlers' types, validates each
 * event against the contracts (a malformed one is dead-lettered at once) and runs its handler
 * through the inbox.
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
  const metrics = { processed: 0, duplicates: 0 };
  // A service that consumes nothing joins no group.
  if (byType.size === 0) return { stop: async () => {}, metrics };
  const subscription = await options.bus.subscribe({
    group,
    types: [...byType.keys()],
    maxAttempts: options.maxAttempts,
    retryDelayMs: options.retryDelayMs,
    stopTimeoutMs: options.stopTimeoutMs,
    consumerName: options.consumerName,
    handler: async (raw) => {
      let event: EventEnvelope;
      try {
        event = parseEvent(raw);
      } catch (error) {
        log.error({ group, eventId: raw?.id, eventType: raw?.type }, 'invalid event; dead-lettered');
        // The issue list names fields, not their values.
        throw new PoisonEventError(
          `invalid event: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const handler = byType.get(event.type);
      if (!handler) throw new PoisonEventError(`no handler for ${event.type}`);
      // The handler continues the trace of what caused the event: its log lines (and the events it
      // writes in turn) carry the same trace id (ADR 44).
      await inSpan(
        `consume ${event.type}`,
        { parent: contextFrom(event.traceparent), kind: SpanKind.CONSUMER, attributes: { group } },
        async () => {
          const ran = await consume(options.db, group, event, (tx) =>
            (handler.handle as (event: EventEnvelope, tx: Tx) => Promise<void>)(event, tx),
          );
          if (ran) metrics.processed++;
          else metrics.duplicates++;
          log.info?.({ group, eventId: event.id, eventType: event.type, duplicate: !ran }, 'event handled');
        },
      );
    },
  });
  return { stop: () => subscription.stop(), metrics };
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
