import type { EventEnvelope } from '@innerview/contracts';

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
   * consumer; every group gets every event. Events of one subject arrive in publish order.
   * A handler that throws is retried; after `maxAttempts` the event goes to the dead-letter stream
   * with its error, and the rest keeps flowing.
   */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the bus cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  group: string;
  types: string[];
  handler: (event: EventEnvelope) => Promise<void>;
  /** Tries before dead-lettering; default 5. */
  maxAttempts?: number;
  /** Distinguishes consumers within a group (defaults to a random id). */
  consumerName?: string;
}

export interface Subscription {
  /** Stops taking new events and waits for the one in hand. */
  stop(): Promise<void>;
}

export interface DeadLetter {
  event: EventEnvelope;
  group: string;
  error: string;
  attempts: number;
  failedAt: string;
}
