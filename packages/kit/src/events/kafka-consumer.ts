import type { EventEnvelope } from '@innerview/contracts';
import type { Consumer, EachMessagePayload } from 'kafkajs';
import type { DeadLetter, SubscribeOptions } from './bus.ts';
import {
  type BusMetrics,
  defaultMaxAttempts,
  defaultRetryDelayMs,
  type EventsLogger,
  errorText,
  eventRef,
  isPoison,
  isStopped,
  retryDelay,
  settlesWithin,
  sleep,
} from './delivery.ts';
import { decodeMessage, type MessageSource, standInEnvelope } from './kafka-message.ts';

/** Counters only the Kafka adapter has. */
export interface KafkaMetrics {
  /** Messages that were not events (not JSON, no envelope, wrong type): dead-lettered at once. */
  undecodable: number;
  /** Dead letters the broker did not take after all tries (the partition is then paused). */
  deadLetterSendFailures: number;
  /** Partitions this handle holds paused now, waiting to try a dead letter again. */
  pausedPartitions: number;
  /** Producers replaced because the broker no longer accepted their sequence numbers. */
  producerResets: number;
}

export interface DeadLetterRetry {
  /** Tries to send one dead letter; default 5. */
  attempts: number;
  /** Delay before the second try, doubling; default 500 ms. */
  initialDelayMs: number;
  /** How long the partition stays paused after the last failed try, before it is tried again; default 5 min. */
  pauseMs: number;
}

export const defaultDeadLetterRetry: DeadLetterRetry = { attempts: 5, initialDelayMs: 500, pauseMs: 300_000 };

export interface KafkaSubscriptionDeps {
  consumer: Consumer;
  options: SubscribeOptions;
  /** Topic → the event type it carries. */
  types: Map<string, string>;
  heartbeatIntervalMs: number;
  counters: BusMetrics;
  kafkaCounters: KafkaMetrics;
  deadLetterRetry: DeadLetterRetry;
  sendDeadLetter(letter: DeadLetter, source: MessageSource): Promise<void>;
  log: EventsLogger;
}

/**
 * One consumer-group member. Each message is decoded (a poison message is dead-lettered at once),
 * then given to the handler, retried in place on failure (the partition waits, so a subject's
 * order holds), then dead-lettered; the offset is committed after that. While the handler and its
 * retries run, a timer keeps heartbeating, so a slow handler does not get this member evicted and
 * its partition handed to another member mid-event. A dead letter the broker refuses is tried a
 * bounded number of times; then the partition is paused with its offset uncommitted (an error
 * log and `deadLetterSendFailures`), and tried again after `pauseMs`: never a tight loop.
 */
export class KafkaSubscription {
  readonly #d: KafkaSubscriptionDeps;
  readonly #beats = new Set<NodeJS.Timeout>();
  readonly #resumeTimers = new Set<NodeJS.Timeout>();
  #stopping = false;
  #stopped: Promise<void> | undefined;

  constructor(deps: KafkaSubscriptionDeps) {
    this.#d = deps;
  }

  get #group(): string {
    return this.#d.options.group;
  }

  async start(joinTimeoutMs: number): Promise<void> {
    const consumer = this.#d.consumer;
    let removeListener: (() => void) | undefined;
    const joined = new Promise<void>((resolve) => {
      removeListener = consumer.on(consumer.events.GROUP_JOIN, () => resolve());
    });
    await consumer.connect();
    // A group new to a topic starts at its oldest retained message; an existing one keeps its offsets.
    await consumer.subscribe({ topics: [...this.#d.types.keys()], fromBeginning: true });
    // kafkajs's run() resolves only once the group has given us partitions: after a kill -9 the
    // broker waits out the dead member's session first (30 s). So run() is not awaited past
    // `joinTimeoutMs`: the caller (a starting service) serves meanwhile, and consumption starts
    // when the group is formed. Failures after that go through kafkajs's own restart (onCrash).
    let failed: { error: unknown } | undefined;
    const running = consumer
      .run({
        autoCommit: true,
        partitionsConsumedConcurrently: 4,
        eachMessage: (payload) => this.#onMessage(payload),
      })
      .catch((error: unknown) => {
        failed = { error };
        this.#d.log.error(
          { group: this.#group, err: { name: (error as Error)?.name } },
          'kafka bus: the consumer could not start',
        );
      });
    // Resolve once the group has given us partitions, so events published next are shared.
    const settled = await settlesWithin(Promise.race([joined, running]), joinTimeoutMs);
    removeListener?.();
    if (failed) throw failed.error;
    if (!settled) this.#d.log.warn({ group: this.#group }, 'kafka bus: still joining the group');
  }

  async #onMessage({ topic, partition, message, heartbeat, pause }: EachMessagePayload): Promise<void> {
    const source: MessageSource = { topic, partition, offset: message.offset };
    const stopBeating = this.#keepAlive(heartbeat);
    try {
      const type = this.#d.types.get(topic) ?? topic;
      const decoded = decodeMessage(message.value, type);
      if ('problem' in decoded) {
        this.#d.kafkaCounters.undecodable++;
        this.#d.log.error(
          { group: this.#group, ...source, problem: decoded.problem },
          'kafka bus: poison message',
        );
        await this.#deadLetter(
          {
            event: standInEnvelope(source, type, message),
            group: this.#group,
            error: `PoisonMessage: ${decoded.problem}`,
            attempts: 1,
            failedAt: new Date().toISOString(),
          },
          source,
          pause,
        );
        return;
      }
      await this.#deliver(decoded.event, source, pause);
    } finally {
      stopBeating();
    }
  }

  /** Heartbeats on a timer while an event is in hand (kafkajs sends them only between messages). */
  #keepAlive(heartbeat: () => Promise<void>): () => void {
    const timer = setInterval(() => {
      // A rebalance in progress answers with an error: the member rejoins after this event.
      heartbeat().catch(() => {});
    }, this.#d.heartbeatIntervalMs);
    this.#beats.add(timer);
    return () => {
      clearInterval(timer);
      this.#beats.delete(timer);
    };
  }

  async #deliver(event: EventEnvelope, source: MessageSource, pause: () => () => void): Promise<void> {
    const options = this.#d.options;
    const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
    const counters = this.#d.counters;
    for (let attempt = 1; ; attempt++) {
      try {
        await options.handler(structuredClone(event));
        counters.consumed++;
        return;
      } catch (error) {
        // The handler's subscription is stopping: not a try; the offset stays uncommitted.
        if (isStopped(error)) throw error;
        counters.failed++;
        if (attempt >= maxAttempts || isPoison(error)) {
          const letter = {
            event,
            group: this.#group,
            error: errorText(error),
            attempts: attempt,
            failedAt: new Date().toISOString(),
          };
          await this.#deadLetter(letter, source, pause);
          this.#d.log.error(
            { ...eventRef(event), group: this.#group, attempts: attempt },
            'event dead-lettered',
          );
          return;
        }
        this.#d.log.warn(
          { ...eventRef(event), group: this.#group, attempt, err: errorText(error) },
          'event handler failed',
        );
        await sleep(retryDelay(options.retryDelayMs ?? defaultRetryDelayMs, attempt));
        // Stopping: leave the offset uncommitted, so the next owner of the partition retries it.
        if (this.#stopping) throw new Error('consumer stopping');
      }
    }
  }

  /** Sends a dead letter with bounded tries; if all fail, pauses the partition (see the class). */
  async #deadLetter(letter: DeadLetter, source: MessageSource, pause: () => () => void): Promise<void> {
    const retry = this.#d.deadLetterRetry;
    let lastError: unknown;
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      try {
        await this.#d.sendDeadLetter(letter, source);
        this.#d.counters.deadLettered++;
        return;
      } catch (error) {
        lastError = error;
        if (attempt < retry.attempts && !this.#stopping)
          await sleep(retry.initialDelayMs * 2 ** (attempt - 1));
        if (this.#stopping) break;
      }
    }
    this.#d.kafkaCounters.deadLetterSendFailures++;
    this.#d.log.error(
      {
        ...eventRef(letter.event),
        group: this.#group,
        ...source,
        tries: retry.attempts,
        err: errorText(lastError),
        pausedForMs: retry.pauseMs,
      },
      'kafka bus: the dead letter could not be sent; partition paused with the event uncommitted',
    );
    if (!this.#stopping) {
      const resume = pause();
      this.#d.kafkaCounters.pausedPartitions++;
      const timer = setTimeout(() => {
        this.#resumeTimers.delete(timer);
        this.#d.kafkaCounters.pausedPartitions--;
        resume();
      }, retry.pauseMs);
      this.#resumeTimers.add(timer);
    }
    // Throwing keeps the offset uncommitted: the message is fetched again once the partition resumes.
    throw new Error('dead letter not sent');
  }

  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping = true;
      // A handler that never returns must not hold its partition by heartbeating forever.
      for (const timer of this.#beats) clearInterval(timer);
      this.#beats.clear();
      for (const timer of this.#resumeTimers) clearTimeout(timer);
      this.#d.kafkaCounters.pausedPartitions -= this.#resumeTimers.size;
      this.#resumeTimers.clear();
      const stopTimeoutMs = this.#d.options.stopTimeoutMs ?? 10_000;
      if (!(await settlesWithin(this.#d.consumer.disconnect(), stopTimeoutMs))) {
        // The event in hand never finished: it stays uncommitted, and once the broker drops this
        // silent member the group hands its partitions, and that event, to another consumer.
        this.#d.log.warn({ group: this.#group }, 'kafka bus: gave up the event in hand');
      }
    })();
    return this.#stopped;
  }
}
