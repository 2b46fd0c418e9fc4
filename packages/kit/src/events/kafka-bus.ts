import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { type Admin, Kafka, Partitioners, type Producer } from 'kafkajs';
import type { ConsumerLag, DeadLetter, EventBus, SubscribeOptions, Subscription } from './bus.ts';
import {
  type BusMetrics,
  type EventsLogger,
  newBusMetrics,
  settlesWithin,
  silentLogger,
} from './delivery.ts';
import {
  type DeadLetterRetry,
  defaultDeadLetterRetry,
  type KafkaMetrics,
  KafkaSubscription,
} from './kafka-consumer.ts';
import type { MessageSource } from './kafka-message.ts';
import {
  groupTiming,
  type KafkaConnection,
  type KafkaGroupTiming,
  kafkaClientConfig,
} from './kafka-settings.ts';
import {
  deadLetterTopic,
  eventTopic,
  MissingTopicsError,
  missingTopics,
  safePrefix,
} from './kafka-topics.ts';

/**
 * The Kafka adapter (kafkajs). A topic per event type (`<prefix>.<type>`), the subject as message
 * key, so one subject's events share a partition and keep their order; a consumer group per bus
 * group (`<prefix>.<group>`), whose members split the partitions. An idempotent producer with one
 * request in flight, acknowledged by all in-sync replicas, keeps the publish order through retries.
 * Topics are never created here: they are provisioned beforehand (`kafka-topics.ts`), and a
 * missing one is a clear error. Consumption, retries, heartbeats and dead letters: see
 * `kafka-consumer.ts`. Offsets are committed after the handler, so a consumer that dies mid-way
 * leaves its partitions' uncommitted events to whoever the group gives them to next, once the
 * broker has seen it go (`sessionTimeoutMs`). Kafka keeps no delivery count: tries are counted per
 * consumer, in memory.
 */

export interface KafkaBusOptions extends KafkaConnection {
  /** Topic and group prefix; default `innerview`. */
  prefix?: string;
  /** Consumer-group timing (session, rebalance, heartbeat); see `KafkaGroupTiming` for defaults. */
  timing?: Partial<KafkaGroupTiming>;
  /** How long `subscribe` waits for the group to give this consumer its partitions; default 30 s. */
  joinTimeoutMs?: number;
  /**
   * How long a consumer's fetch waits on the broker for new messages; default 5 s (kafkajs's). A
   * consumer sees a rebalance, and stops, only between fetches: the tests use less.
   */
  fetchMaxWaitMs?: number;
  /** Tries for a dead letter the broker refuses, and the pause after them. */
  deadLetterRetry?: Partial<DeadLetterRetry>;
  log?: EventsLogger;
}

export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  readonly counters: BusMetrics = newBusMetrics();
  readonly kafkaCounters: KafkaMetrics = {
    undecodable: 0,
    deadLetterSendFailures: 0,
    pausedPartitions: 0,
    producerResets: 0,
  };
  readonly #kafka: Kafka;
  readonly #prefix: string;
  readonly #timing: KafkaGroupTiming;
  readonly #joinTimeoutMs: number;
  readonly #fetchMaxWaitMs: number | undefined;
  readonly #deadLetterRetry: DeadLetterRetry;
  readonly #log: EventsLogger;
  #producer: Producer;
  readonly #admin: Admin;
  /** Topics seen to exist (checked once each, then trusted). */
  readonly #topics = new Set<string>();
  readonly #subscriptions = new Set<KafkaSubscription>();
  #connected: Promise<void> | undefined;
  #closed = false;

  constructor(options: KafkaBusOptions) {
    this.#prefix = safePrefix(options.prefix ?? 'innerview');
    this.#timing = groupTiming(options.timing);
    this.#joinTimeoutMs = options.joinTimeoutMs ?? 30_000;
    this.#fetchMaxWaitMs = options.fetchMaxWaitMs;
    this.#deadLetterRetry = { ...defaultDeadLetterRetry, ...options.deadLetterRetry };
    this.#log = options.log ?? silentLogger;
    this.#kafka = new Kafka(kafkaClientConfig(options, this.#log));
    this.#producer = this.#newProducer();
    this.#admin = this.#kafka.admin();
  }

  get metrics(): Readonly<BusMetrics & KafkaMetrics> {
    return { ...this.counters, ...this.kafkaCounters };
  }

  topicOf(type: string): string {
    return eventTopic(this.#prefix, type);
  }

  get deadLetterTopic(): string {
    return deadLetterTopic(this.#prefix);
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.#assertOpen();
    if (events.length === 0) return;
    await this.#connect();
    await this.#requireTopics(events.map((e) => this.topicOf(e.type)));
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const event of events) {
      const topic = this.topicOf(event.type);
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: event.subject, value: JSON.stringify(event) });
      byTopic.set(topic, messages);
    }
    const batch = { acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) };
    await this.#produce((producer) => producer.sendBatch(batch));
    this.counters.published += events.length;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    await this.#connect();
    const types = new Map(options.types.map((t) => [this.topicOf(t), t]));
    await this.#requireTopics([...types.keys(), this.deadLetterTopic]);
    const consumer = this.#kafka.consumer({
      groupId: `${this.#prefix}.${options.group}`,
      sessionTimeout: this.#timing.sessionTimeoutMs,
      rebalanceTimeout: this.#timing.rebalanceTimeoutMs,
      heartbeatInterval: this.#timing.heartbeatIntervalMs,
      ...(this.#fetchMaxWaitMs === undefined ? {} : { maxWaitTimeInMs: this.#fetchMaxWaitMs }),
      allowAutoTopicCreation: false,
    });
    const subscription = new KafkaSubscription({
      consumer,
      options,
      types,
      heartbeatIntervalMs: this.#timing.heartbeatIntervalMs,
      counters: this.counters,
      kafkaCounters: this.kafkaCounters,
      deadLetterRetry: this.#deadLetterRetry,
      sendDeadLetter: (letter, source) => this.#sendDeadLetter(letter, source),
      log: this.#log,
    });
    this.#subscriptions.add(subscription);
    try {
      await subscription.start(this.#joinTimeoutMs);
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
    await this.#requireTopics([topic]);
    const offsets = await this.#admin.fetchTopicOffsets(topic);
    // Read the newest `limit` of each partition with a throwaway reader that commits nothing.
    const remaining = new Map(
      offsets.filter((o) => Number(o.high) > Number(o.low)).map((o) => [o.partition, Number(o.high)]),
    );
    if (remaining.size === 0) return [];
    const groupId = `${this.#prefix}.dlq-reader.${randomBytes(4).toString('hex')}`;
    const reader = this.#kafka.consumer({ groupId, allowAutoTopicCreation: false });
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

  /** Throws a `MissingTopicsError` naming the topics that were never provisioned. */
  async #requireTopics(topics: string[]): Promise<void> {
    const unknown = [...new Set(topics)].filter((t) => !this.#topics.has(t));
    if (unknown.length === 0) return;
    const missing = await missingTopics(this.#admin, unknown);
    if (missing.length > 0) {
      this.#log.error({ topics: missing }, 'kafka bus: topics missing; run the provisioning step');
      throw new MissingTopicsError(missing);
    }
    for (const t of unknown) this.#topics.add(t);
  }

  async #sendDeadLetter(letter: DeadLetter, source: MessageSource): Promise<void> {
    await this.#produce((producer) =>
      producer.send({
        topic: this.deadLetterTopic,
        acks: -1,
        messages: [
          {
            key: letter.group,
            value: JSON.stringify({ ...letter, source }),
            // Where it came from, readable without parsing the value.
            headers: {
              'innerview-source-topic': source.topic,
              'innerview-source-partition': String(source.partition),
              'innerview-source-offset': source.offset,
              'innerview-group': letter.group,
            },
          },
        ],
      }),
    );
  }

  /**
   * Sends with the current producer; when the broker no longer accepts its sequence numbers, sends
   * once more at once with a new one. Whatever the broker had written of the first try is then
   * written twice: the outbox would send it again anyway, and the consumers' inboxes drop repeats.
   */
  async #produce(send: (producer: Producer) => Promise<unknown>): Promise<void> {
    const producer = this.#producer;
    try {
      await send(producer);
    } catch (error) {
      if (!producerStateLost(error)) throw error;
      await this.#replaceProducer(producer, error);
      await this.#connect();
      await send(this.#producer);
    }
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

  #newProducer(): Producer {
    return this.#kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  /**
   * A new producer (a new producer id from the broker, sequences from zero) in place of one whose
   * sequence numbers the broker no longer accepts; kafkajs never recovers such a producer by itself.
   * Happens when a request failed after the broker had written part of it (a broker restart, a
   * partition that refused its part), since kafkajs then takes back the sequence numbers of all of it.
   */
  async #replaceProducer(broken: Producer, error: unknown): Promise<void> {
    if (this.#producer !== broken) return; // another publish replaced it already
    this.#producer = this.#newProducer();
    this.#connected = undefined;
    this.kafkaCounters.producerResets++;
    this.#log.warn(
      {
        err: error instanceof Error ? error.message : String(error),
        resets: this.kafkaCounters.producerResets,
      },
      "kafka bus: the broker refused the producer's sequence numbers; a new producer takes over",
    );
    await broken.disconnect().catch(() => {});
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

/**
 * The broker's answers that mean the producer's idempotence state is lost or out of step with its
 * own (Kafka protocol errors 45, 47 and 59): no retry of the same producer can succeed.
 */
const producerStateErrors = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'INVALID_PRODUCER_EPOCH',
  'UNKNOWN_PRODUCER_ID',
]);

function producerStateLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (producerStateErrors.has(String((e as { type?: unknown }).type))) return true;
    e =
      (e as { cause?: unknown; originalError?: unknown }).cause ??
      (e as { originalError?: unknown }).originalError;
  }
  return false;
}
