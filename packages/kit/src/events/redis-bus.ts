import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventEnvelope } from '@innerview/contracts';
import { Redis } from 'ioredis';
import type { ConsumerLag, DeadLetter, EventBus, SubscribeOptions, Subscription } from './bus.ts';
import {
  type BusMetrics,
  type EventsLogger,
  errorText,
  hashSubject,
  newBusMetrics,
  silentLogger,
} from './delivery.ts';
import { fieldMap, RedisConsumer, type Settings, type StreamEntry, whenReady } from './redis-consumer.ts';

/**
 * The Redis Streams adapter (distributed mode).
 *
 * Per-subject order with competing consumers. A consumer group hands each stream entry to
 * whichever consumer reads next, so two consumers could run two events of one subject at once, and
 * out of order. Hence: every type is split into `partitions` streams by a hash of the subject, and
 * within a group each partition is read by ONE consumer at a time, the holder of a lease key
 * (SET NX PX, renewed by a heartbeat). Consumers register in a membership set and each holds at
 * most its fair share (partitions / live consumers), giving extras back between batches, so a
 * group's consumers split the partitions and a new consumer gets its share within a few
 * heartbeats. We chose leases over a stream per subject (unbounded key count, one XREADGROUP key
 * per subject) and over one consumer per group (no competing consumers at all).
 *
 * A consumer that dies stops renewing: its leases and membership lapse, another consumer takes the
 * partition, claims (XAUTOCLAIM) the entries the dead one held once idle for `claimIdleMs`, and
 * reads nothing new from that partition until none is left with the dead one, so order survives
 * the take-over. A failed handler is retried in place (the partition waits: that is the price of
 * order); tries are counted in Redis, so a message that kills its consumer is dead-lettered too.
 * Streams are bounded (XADD MAXLEN ~ maxLen): a group that falls further behind loses the oldest.
 * Multi-key reads need all keys in one slot, so Redis Cluster is not supported.
 */

export interface RedisBusOptions {
  redisUrl: string;
  /** Key prefix; default `innerview`. Dead letters go to `<prefix>:dlq`. */
  prefix?: string;
  /** Names this process's consumers; default the host name. */
  clientId?: string;
  /** Streams per type. Every producer and consumer must agree; default 8. */
  partitions?: number;
  /** Approximate entries kept per stream; default 100 000. */
  maxLen?: number;
  /** Dead letters kept; default 10 000. */
  deadLetterMaxLen?: number;
  /** Lease and membership time; a dead consumer's partitions move after it. Default 10 s. */
  leaseMs?: number;
  /** An entry pending with another consumer is claimed once idle this long; default 5 s. */
  claimIdleMs?: number;
  /** Longest blocking read (also bounds how long `stop()` waits for it); default 1 s. */
  blockMs?: number;
  /** Entries read per stream and call; default 50. */
  batchSize?: number;
  log?: EventsLogger;
}

export class RedisEventBus implements EventBus {
  readonly kind = 'redis' as const;
  readonly counters: BusMetrics = newBusMetrics();
  readonly redis: Redis;
  readonly #settings: Settings;
  readonly #clientId: string;
  readonly #consumers = new Set<RedisConsumer>();
  #closed = false;

  constructor(options: RedisBusOptions) {
    const leaseMs = options.leaseMs ?? 10_000;
    this.#settings = {
      prefix: options.prefix ?? 'innerview',
      partitions: options.partitions ?? 8,
      maxLen: options.maxLen ?? 100_000,
      deadLetterMaxLen: options.deadLetterMaxLen ?? 10_000,
      leaseMs,
      claimIdleMs: options.claimIdleMs ?? Math.ceil(leaseMs / 2),
      blockMs: options.blockMs ?? 1000,
      batchSize: options.batchSize ?? 50,
      log: options.log ?? silentLogger,
    };
    this.#clientId = options.clientId ?? hostname();
    // No offline queue: a publish while Redis is unreachable fails at once (the outbox relay retries
    // it) rather than waiting in a queue and landing later, after the relay gave up on it.
    this.redis = new Redis(options.redisUrl, {
      connectionName: `${this.#settings.prefix}:events`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 2,
      retryStrategy: (times) => (this.#closed ? null : Math.min(times * 100, 2000)),
    });
    this.redis.on('error', (error) =>
      this.#settings.log.warn({ err: errorText(error) }, 'redis bus connection'),
    );
  }

  /** XINFO GROUPS of every partition stream: `lag` (entries not yet read by the group) and `pending`. */
  async consumerLag(group: string, types: string[]): Promise<ConsumerLag> {
    const pipeline = this.redis.pipeline();
    for (const type of types)
      for (let p = 0; p < this.#settings.partitions; p++) pipeline.xinfo('GROUPS', this.streamKey(type, p));
    let lag = 0;
    let pending = 0;
    for (const [error, groups] of (await pipeline.exec()) ?? []) {
      // A stream nobody has written to yet has no groups: nothing behind.
      if (error) continue;
      for (const entry of groups as unknown[][]) {
        const info = fieldMap(entry as string[]) as Record<string, unknown>;
        if (info.name !== group) continue;
        lag += Number(info.lag ?? 0) || 0;
        pending += Number(info.pending ?? 0) || 0;
      }
    }
    return { lag, pending };
  }

  get metrics(): Readonly<BusMetrics> {
    return this.counters;
  }

  streamKey(type: string, partition: number): string {
    return `${this.#settings.prefix}:stream:${type}:${partition}`;
  }

  partitionOf(subject: string): number {
    return hashSubject(subject) % this.#settings.partitions;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.#assertOpen();
    if (events.length === 0) return;
    await whenReady(this.redis, 2000, false);
    const pipeline = this.redis.pipeline();
    for (const event of events) {
      const key = this.streamKey(event.type, this.partitionOf(event.subject));
      pipeline.xadd(key, 'MAXLEN', '~', this.#settings.maxLen, '*', 'event', JSON.stringify(event));
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
    this.counters.published += events.length;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    const name = options.consumerName ?? `${this.#clientId}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const consumer = new RedisConsumer(this, this.#settings, options, name);
    this.#consumers.add(consumer);
    try {
      await consumer.start();
    } catch (error) {
      this.#consumers.delete(consumer);
      await consumer.stop();
      throw error;
    }
    return {
      stop: async () => {
        this.#consumers.delete(consumer);
        await consumer.stop();
      },
    };
  }

  async ping(): Promise<void> {
    this.#assertOpen();
    // While first connecting, wait for the answer; once the connection was lost, say so at once.
    await whenReady(this.redis, 2000, false);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis did not answer within 2 s')), 2000);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    const entries = (await this.redis.xrevrange(
      this.deadLetterKey(),
      '+',
      '-',
      'COUNT',
      limit,
    )) as StreamEntry[];
    return entries.reverse().flatMap(([, fields]) => {
      const f = fieldMap(fields);
      try {
        return [
          {
            event: JSON.parse(f.event ?? '') as EventEnvelope,
            group: f.group ?? '',
            error: f.error ?? '',
            attempts: Number(f.attempts),
            failedAt: f.failedAt ?? '',
          },
        ];
      } catch {
        return [];
      }
    });
  }

  deadLetterKey(): string {
    return `${this.#settings.prefix}:dlq`;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await Promise.all([...this.#consumers].map((c) => c.stop()));
    this.#consumers.clear();
    this.#closed = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('event bus closed');
  }
}
