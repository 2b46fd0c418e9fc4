import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { type Admin, type Consumer, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { ConsumerLag, DeadLetter, EventBus, SubscribeOptions, Subscription } from './bus.ts';
import {
  type BusMetrics,
  defaultMaxAttempts,
  defaultRetryDelayMs,
  type EventsLogger,
  errorText,
  eventRef,
  isPoison,
  newBusMetrics,
  retryDelay,
  settlesWithin,
  silentLogger,
  sleep,
} from './delivery.ts';

/**
 * The Kafka adapter (kafkajs). A topic per event type (`<prefix>.<type>`), the subject as message
 * key, so one subject's events share a partition and keep their order; a consumer group per bus
 * group (`<prefix>.<group>`), whose members split the partitions. An idempotent producer with one
 * request in flight keeps the publish order through retries. A failed handler is retried in place
 * (the partition waits), then the event goes to `<prefix>.dlq` and its offset is committed.
 * Offsets are committed after the handler, so a consumer that dies mid-way leaves its partitions'
 * uncommitted events to whoever the group gives them to next, once the broker has seen it go
 * (`sessionTimeout`). Kafka keeps no delivery count: tries are counted per consumer.
 */

export interface KafkaBusOptions {
  brokers: string[];
  /** Topic and group prefix; default `innerview`. */
  prefix?: string;
  clientId?: string;
  /** Partitions of the topics this bus creates; default 8. */
  partitions?: number;
  /** Replication of the topics this bus creates; default the broker's. */
  replicationFactor?: number;
  /** The broker drops a silent consumer after this; default 10 s (the broker's minimum applies). */
  sessionTimeoutMs?: number;
  /** How long `subscribe` waits for the group to give this consumer its partitions; default 30 s. */
  joinTimeoutMs?: number;
  log?: EventsLogger;
}

export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  readonly counters: BusMetrics = newBusMetrics();
  readonly #kafka: Kafka;
  readonly #prefix: string;
  readonly #partitions: number;
  readonly #replicationFactor: number;
  readonly #sessionTimeoutMs: number;
  readonly #joinTimeoutMs: number;
  readonly #log: EventsLogger;
  readonly #producer: Producer;
  readonly #admin: Admin;
  readonly #topics = new Set<string>();
  readonly #subscriptions = new Set<KafkaSubscription>();
  #connected: Promise<void> | undefined;
  #closed = false;

  constructor(options: KafkaBusOptions) {
    this.#prefix = (options.prefix ?? 'innerview').replace(/[^A-Za-z0-9._-]/g, '_');
    this.#partitions = options.partitions ?? 8;
    this.#replicationFactor = options.replicationFactor ?? -1;
    this.#sessionTimeoutMs = options.sessionTimeoutMs ?? 10_000;
    this.#joinTimeoutMs = options.joinTimeoutMs ?? 30_000;
    const log = options.log ?? silentLogger;
    this.#log = log;
    this.#kafka = new Kafka({
      clientId: options.clientId ?? 'innerview',
      brokers: options.brokers,
      retry: { retries: 3 },
      logLevel: logLevel.WARN,
      // kafkajs' own lines carry broker and group details only, never message contents.
      logCreator:
        () =>
        ({ level, namespace, log: entry }) => {
          const fields = { kafka: namespace, detail: entry.message };
          if (level <= logLevel.ERROR) log.error(fields, 'kafka client');
          else log.warn(fields, 'kafka client');
        },
    });
    this.#producer = this.#kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.#admin = this.#kafka.admin();
  }

  get metrics(): Readonly<BusMetrics> {
    return this.counters;
  }

  topicOf(type: string): string {
    return `${this.#prefix}.${type}`;
  }

  get deadLetterTopic(): string {
    return `${this.#prefix}.dlq`;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.#assertOpen();
    if (events.length === 0) return;
    await this.#connect();
    await this.ensureTopics(events.map((e) => this.topicOf(e.type)));
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const event of events) {
      const topic = this.topicOf(event.type);
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: event.subject, value: JSON.stringify(event) });
      byTopic.set(topic, messages);
    }
    await this.#producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    this.counters.published += events.length;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    await this.#connect();
    const topics = options.types.map((t) => this.topicOf(t));
    await this.ensureTopics([...topics, this.deadLetterTopic]);
    const consumer = this.#kafka.consumer({
      groupId: `${this.#prefix}.${options.group}`,
      sessionTimeout: this.#sessionTimeoutMs,
      rebalanceTimeout: this.#sessionTimeoutMs,
      heartbeatInterval: Math.max(100, Math.floor(this.#sessionTimeoutMs / 5)),
      allowAutoTopicCreation: false,
    });
    const subscription = new KafkaSubscription(this, consumer, options, this.#log);
    this.#subscriptions.add(subscription);
    try {
      await subscription.start(topics, this.#joinTimeoutMs);
    } catch (error) {
      this.#subscriptions.delete(subscription);
      await subscription.stop();
      throw error;
    }
    return {
      stop: async () => {
        this.#subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** The admin's committed offsets of the group against the topics' end offsets (nothing is "pending" here). */
  async consumerLag(group: string, types: string[]): Promise<ConsumerLag> {
    await this.#connect();
    const topics = types.map((t) => this.topicOf(t));
    const committed = await this.#admin.fetchOffsets({ groupId: `${this.#prefix}.${group}`, topics });
    let lag = 0;
    for (const { topic, partitions } of committed) {
      const ends = await this.#admin.fetchTopicOffsets(topic).catch(() => []);
      for (const end of ends) {
        const done = partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
        // -1: the group has committed nothing there yet, so it is behind by all the topic holds.
        const from = Number(done) < 0 ? Number(end.low) : Number(done);
        lag += Math.max(0, Number(end.high) - from);
      }
    }
    return { lag, pending: 0 };
  }

  async ping(): Promise<void> {
    this.#assertOpen();
    await this.#connect();
    await this.#admin.describeCluster();
  }

  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    await this.#connect();
    const topic = this.deadLetterTopic;
    await this.ensureTopics([topic]);
    const offsets = await this.#admin.fetchTopicOffsets(topic);
    // Read the newest `limit` of each partition with a throwaway reader that commits nothing.
    const remaining = new Map(
      offsets.filter((o) => Number(o.high) > Number(o.low)).map((o) => [o.partition, Number(o.high)]),
    );
    if (remaining.size === 0) return [];
    const groupId = `${this.#prefix}.dlq-reader.${randomBytes(4).toString('hex')}`;
    const reader = this.#kafka.consumer({ groupId });
    const letters: DeadLetter[] = [];
    try {
      await reader.connect();
      await reader.subscribe({ topic, fromBeginning: true });
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      await reader.run({
        autoCommit: false,
        eachMessage: async ({ partition, message }) => {
          try {
            letters.push(JSON.parse(message.value?.toString() ?? '') as DeadLetter);
          } catch {
            // Not written by this bus: skip it.
          }
          if (Number(message.offset) + 1 >= (remaining.get(partition) ?? 0)) remaining.delete(partition);
          if (remaining.size === 0) done();
        },
      });
      // Seeking needs a running consumer.
      for (const o of offsets) {
        const start = Math.max(Number(o.low), Number(o.high) - limit);
        if (remaining.has(o.partition)) reader.seek({ topic, partition: o.partition, offset: String(start) });
      }
      if (!(await settlesWithin(finished, this.#joinTimeoutMs)))
        throw new Error('timed out reading dead letters');
    } finally {
      await reader.disconnect().catch(() => {});
      await this.#admin.deleteGroups([groupId]).catch(() => {});
    }
    return letters.sort((a, b) => a.failedAt.localeCompare(b.failedAt)).slice(-limit);
  }

  /** Creates missing topics (no-op for known ones). */
  async ensureTopics(topics: string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((t) => !this.#topics.has(t));
    if (missing.length === 0) return;
    const existing = new Set(await this.#admin.listTopics());
    const create = missing.filter((t) => !existing.has(t));
    if (create.length > 0) {
      await this.#admin
        .createTopics({
          waitForLeaders: true,
          topics: create.map((topic) => ({
            topic,
            numPartitions: this.#partitions,
            replicationFactor: this.#replicationFactor,
          })),
        })
        .catch((error: unknown) => {
          // Another process created it first.
          if (!String((error as Error).message).includes('already exists')) throw error;
        });
    }
    for (const t of missing) this.#topics.add(t);
  }

  async sendDeadLetter(letter: DeadLetter): Promise<void> {
    await this.#producer.send({
      topic: this.deadLetterTopic,
      acks: -1,
      messages: [{ key: letter.group, value: JSON.stringify(letter) }],
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    this.#subscriptions.clear();
    this.#closed = true;
    if (this.#connected) {
      await this.#producer.disconnect().catch(() => {});
      await this.#admin.disconnect().catch(() => {});
    }
  }

  #connect(): Promise<void> {
    this.#connected ??= Promise.all([this.#producer.connect(), this.#admin.connect()]).then(
      () => {},
      (error: unknown) => {
        // Let the next call try again.
        this.#connected = undefined;
        throw error;
      },
    );
    return this.#connected;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('event bus closed');
  }
}

class KafkaSubscription {
  readonly #bus: KafkaEventBus;
  readonly #consumer: Consumer;
  readonly #options: SubscribeOptions;
  readonly #log: EventsLogger;
  #stopping = false;
  #stopped: Promise<void> | undefined;

  constructor(bus: KafkaEventBus, consumer: Consumer, options: SubscribeOptions, log: EventsLogger) {
    this.#bus = bus;
    this.#consumer = consumer;
    this.#options = options;
    this.#log = log;
  }

  async start(topics: string[], joinTimeoutMs: number): Promise<void> {
    const consumer = this.#consumer;
    let removeListener: (() => void) | undefined;
    const joined = new Promise<void>((resolve) => {
      removeListener = consumer.on(consumer.events.GROUP_JOIN, () => resolve());
    });
    await consumer.connect();
    // A group new to a topic starts at its oldest retained message; an existing one keeps its offsets.
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: 4,
      eachMessage: async ({ message, heartbeat }) => {
        let event: EventEnvelope;
        try {
          event = JSON.parse(message.value?.toString() ?? '') as EventEnvelope;
        } catch {
          this.#log.warn({ group: this.#options.group }, 'kafka bus: skipped a message that is not an event');
          return;
        }
        await this.#deliver(event, heartbeat);
      },
    });
    // Resolve once the group has given us partitions, so events published next are shared.
    if (!(await settlesWithin(joined, joinTimeoutMs))) {
      this.#log.warn({ group: this.#options.group }, 'kafka bus: still joining the group');
    }
    removeListener?.();
  }

  async #deliver(event: EventEnvelope, heartbeat: () => Promise<void>): Promise<void> {
    const maxAttempts = this.#options.maxAttempts ?? defaultMaxAttempts;
    const counters = this.#bus.counters;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#options.handler(structuredClone(event));
        counters.consumed++;
        return;
      } catch (error) {
        counters.failed++;
        if (attempt >= maxAttempts || isPoison(error)) {
          await this.#bus.sendDeadLetter({
            event,
            group: this.#options.group,
            error: errorText(error),
            attempts: attempt,
            failedAt: new Date().toISOString(),
          });
          counters.deadLettered++;
          this.#log.error(
            { ...eventRef(event), group: this.#options.group, attempts: attempt },
            'event dead-lettered',
          );
          return;
        }
        this.#log.warn(
          { ...eventRef(event), group: this.#options.group, attempt, err: errorText(error) },
          'event handler failed',
        );
        await sleep(retryDelay(this.#options.retryDelayMs ?? defaultRetryDelayMs, attempt));
        // Stopping: leave the offset uncommitted, so the next owner of the partition retries it.
        if (this.#stopping) throw new Error('consumer stopping');
        await heartbeat().catch(() => {});
      }
    }
  }

  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping = true;
      const stopTimeoutMs = this.#options.stopTimeoutMs ?? 10_000;
      if (!(await settlesWithin(this.#consumer.disconnect(), stopTimeoutMs))) {
        // The event in hand never finished: it stays uncommitted, and once the broker drops this
        // silent member the group hands its partitions, and that event, to another consumer.
        this.#log.warn({ group: this.#options.group }, 'kafka bus: gave up the event in hand');
      }
    })();
    return this.#stopped;
  }
}
