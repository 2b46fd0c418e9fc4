import type { EventEnvelope } from '@innerview/contracts';
import type { BusMetrics } from './delivery.ts';

/**
 * The event bus port. Adapters: in-process (embedded), Redis Streams, Kafka.
 * Delivery is at-least-once; consumers make their effects idempotent with the inbox.
 * Every adapter passes the one contract suite in `contract.ts`.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis' | 'kafka';
  /** Publishes in order. Resolves once the bus has accepted every event. */
  publish(events: EventEnvelope[]): Promise<void>;
  /**
   * Joins consumer group `group` for the given event types. Within a group each event goes to one
   * consumer; every group gets every event. Events of one type and subject arrive in publish order
   * (one at a time, even across competing consumers); no order holds across types.
   * A handler that throws is retried; after `maxAttempts` the event goes to the dead-letter stream
   * with its error, and the rest keeps flowing.
   * A group seen for the first time starts at the oldest event the bus still retains, so a
   * projection built from events also gets those published before its service first started.
   */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the bus cannot be reached (readiness). */
  ping(): Promise<void>;
  /** The most recent dead letters (oldest first), for operators and tests. */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /**
   * How far group `group` is behind on `types`: `lag` events published and not yet delivered to it,
   * `pending` delivered and not yet acknowledged (metrics; ADR 44).
   */
  consumerLag(group: string, types: string[]): Promise<ConsumerLag>;
  /** Counters of this bus handle (published, consumed, failed, dead-lettered). */
  readonly metrics: Readonly<BusMetrics>;
  /** Stops this handle's subscriptions and closes its connections. */
  close(): Promise<void>;
}

export interface ConsumerLag {
  lag: number;
  pending: number;
}

export interface SubscribeOptions {
  group: string;
  types: string[];
  handler: (event: EventEnvelope) => Promise<void>;
  /** Tries before dead-lettering; default 5. A `PoisonEventError` (or ZodError) dead-letters at once. */
  maxAttempts?: number;
  /** Delay before the first retry, doubling after each failure; default 200 ms. */
  retryDelayMs?: number;
  /**
   * How long `stop()` waits for the event in hand; default 10 s. Past that the event is given up
   * unacknowledged, as a crashed consumer would leave it, and another consumer of the group takes it.
   */
  stopTimeoutMs?: number;
  /** Distinguishes consumers within a group (defaults to a random id). */
  consumerName?: string;
}

export interface Subscription {
  /** Stops taking new events and waits for the one in hand (at most `stopTimeoutMs`). */
  stop(): Promise<void>;
}

export interface DeadLetter {
  event: EventEnvelope;
  group: string;
  error: string;
  attempts: number;
  failedAt: string;
}
