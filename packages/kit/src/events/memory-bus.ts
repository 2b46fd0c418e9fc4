import type { EventEnvelope } from '@innerview/contracts';
import type { ConsumerLag, DeadLetter, EventBus, SubscribeOptions, Subscription } from './bus.ts';
import {
  type BusMetrics,
  defaultMaxAttempts,
  defaultRetryDelayMs,
  errorText,
  isPoison,
  isStopped,
  newBusMetrics,
  retryDelay,
  settlesWithin,
} from './delivery.ts';

/**
 * The in-process bus of the embedded mode. Every service of the process gets its own handle onto
 * one shared core (per prefix), so events flow between services exactly as on a real bus:
 * delivery is asynchronous, each group is durable (its position survives its consumers), consumers
 * of one group compete for its events, events of one type and subject are handled one at a time in
 * publish order, failures are retried then dead-lettered, and an event a stopped consumer gave up
 * goes to another consumer. Nothing survives the process: the outbox is what makes events durable.
 */

export interface MemoryBusOptions {
  /** Handles created with the same prefix share one core; default `innerview`. */
  prefix?: string;
  /** Events kept per type for groups that join later; default 10 000. */
  retainPerType?: number;
}

interface Item {
  event: EventEnvelope;
  /** Per-subject ordering key: the adapters guarantee order per type and subject. */
  key: string;
  attempts: number;
  retryAt: number;
  holder: Consumer | undefined;
  /** Bumped on each hand-out, so the result of a given-up try is ignored. */
  token: number;
}

interface Consumer {
  group: Group;
  handle: MemoryEventBus;
  types: Set<string>;
  handler: (event: EventEnvelope) => Promise<void>;
  maxAttempts: number;
  retryDelayMs: number;
  inHand: Promise<void> | undefined;
  stopping: boolean;
}

interface Group {
  name: string;
  /** Next log offset to take, per type. */
  cursors: Map<string, number>;
  /** Events taken from the logs and not yet done, in publish order. */
  queue: Item[];
  consumers: Consumer[];
  nextConsumer: number;
  retryTimer: NodeJS.Timeout | undefined;
  pumpScheduled: boolean;
}

interface Log {
  /** Offset of `events[0]`. */
  base: number;
  events: EventEnvelope[];
}

/** Queue window per group: bounds the scan for a dispatchable event. */
const maxQueued = 1000;
const maxDeadLetters = 10_000;

class MemoryCore {
  readonly logs = new Map<string, Log>();
  readonly groups = new Map<string, Group>();
  readonly deadLetters: DeadLetter[] = [];
  handles = 0;
  readonly retainPerType: number;

  constructor(retainPerType: number) {
    this.retainPerType = retainPerType;
  }

  append(event: EventEnvelope): void {
    let log = this.logs.get(event.type);
    if (!log) {
      log = { base: 0, events: [] };
      this.logs.set(event.type, log);
    }
    // Events cross the bus as copies, as they would through a real broker.
    log.events.push(structuredClone(event));
    const excess = log.events.length - this.retainPerType;
    if (excess > this.retainPerType / 10) {
      log.events.splice(0, excess);
      log.base += excess;
    }
  }

  group(name: string): Group {
    let group = this.groups.get(name);
    if (!group) {
      group = {
        name,
        cursors: new Map(),
        queue: [],
        consumers: [],
        nextConsumer: 0,
        retryTimer: undefined,
        pumpScheduled: false,
      };
      this.groups.set(name, group);
    }
    return group;
  }

  schedulePump(group: Group): void {
    if (group.pumpScheduled) return;
    group.pumpScheduled = true;
    setImmediate(() => {
      group.pumpScheduled = false;
      this.pump(group);
    });
  }

  pump(group: Group): void {
    this.pull(group);
    const now = Date.now();
    const seen = new Set<string>();
    let nextRetry = Number.POSITIVE_INFINITY;
    for (const item of group.queue) {
      // Only the first pending event of a key may run: later ones of that key wait for it.
      if (seen.has(item.key)) continue;
      seen.add(item.key);
      if (item.holder) continue;
      if (item.retryAt > now) {
        nextRetry = Math.min(nextRetry, item.retryAt);
        continue;
      }
      const consumer = this.idleConsumer(group, item.event.type);
      if (consumer) this.handOut(consumer, item);
    }
    clearTimeout(group.retryTimer);
    group.retryTimer =
      nextRetry === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => this.pump(group), Math.max(0, nextRetry - now));
  }

  pull(group: Group): void {
    const wanted = new Set(group.consumers.filter((c) => !c.stopping).flatMap((c) => [...c.types]));
    for (const type of wanted) {
      const log = this.logs.get(type);
      if (!log) continue;
      let cursor = Math.max(group.cursors.get(type) ?? log.base, log.base);
      while (cursor < log.base + log.events.length && group.queue.length < maxQueued) {
        const event = log.events[cursor - log.base]!;
        group.queue.push({
          event,
          key: `${event.type}\u0000${event.subject}`,
          attempts: 0,
          retryAt: 0,
          holder: undefined,
          token: 0,
        });
        cursor++;
      }
      group.cursors.set(type, cursor);
    }
  }

  idleConsumer(group: Group, type: string): Consumer | undefined {
    const n = group.consumers.length;
    for (let i = 0; i < n; i++) {
      const consumer = group.consumers[(group.nextConsumer + i) % n]!;
      if (!consumer.stopping && !consumer.inHand && consumer.types.has(type)) {
        group.nextConsumer = (group.nextConsumer + i + 1) % n;
        return consumer;
      }
    }
    return undefined;
  }

  handOut(consumer: Consumer, item: Item): void {
    const group = consumer.group;
    item.holder = consumer;
    const token = ++item.token;
    const metrics = consumer.handle.counters;
    const run = Promise.resolve()
      .then(() => consumer.handler(structuredClone(item.event)))
      .then(
        () => {
          if (item.token !== token) return;
          metrics.consumed++;
          this.remove(group, item);
        },
        (error: unknown) => {
          if (item.token !== token) return;
          item.holder = undefined;
          // The handler's subscription is stopping: not a try; another consumer takes the event.
          if (isStopped(error)) return;
          metrics.failed++;
          item.attempts++;
          item.holder = undefined;
          if (item.attempts >= consumer.maxAttempts || isPoison(error)) {
            metrics.deadLettered++;
            this.deadLetters.push({
              event: structuredClone(item.event),
              group: group.name,
              error: errorText(error),
              attempts: item.attempts,
              failedAt: new Date().toISOString(),
            });
            if (this.deadLetters.length > maxDeadLetters) this.deadLetters.shift();
            this.remove(group, item);
          } else {
            item.retryAt = Date.now() + retryDelay(consumer.retryDelayMs, item.attempts);
          }
        },
      )
      .finally(() => {
        if (consumer.inHand === run) consumer.inHand = undefined;
        this.schedulePump(group);
      });
    consumer.inHand = run;
  }

  remove(group: Group, item: Item): void {
    const index = group.queue.indexOf(item);
    if (index >= 0) group.queue.splice(index, 1);
  }

  async stop(consumer: Consumer, stopTimeoutMs: number): Promise<void> {
    if (consumer.stopping) return;
    consumer.stopping = true;
    const group = consumer.group;
    const inHand = consumer.inHand;
    if (inHand && !(await settlesWithin(inHand, stopTimeoutMs))) {
      // Give the event up as a crashed consumer would: another consumer of the group takes it.
      const item = group.queue.find((i) => i.holder === consumer);
      if (item) {
        item.holder = undefined;
        item.token++;
      }
      consumer.inHand = undefined;
    }
    group.consumers = group.consumers.filter((c) => c !== consumer);
    group.nextConsumer = 0;
    this.schedulePump(group);
  }
}

const sharedCores = new Map<string, MemoryCore>();

export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  /** Counters of this handle. */
  readonly counters: BusMetrics = newBusMetrics();
  readonly #core: MemoryCore;
  readonly #prefix: string;
  readonly #subscriptions = new Set<Subscription>();
  #closed = false;

  /** A handle onto the process-wide core for `prefix` (created on first use). */
  constructor(options: MemoryBusOptions = {}) {
    this.#prefix = options.prefix ?? 'innerview';
    let core = sharedCores.get(this.#prefix);
    if (!core) {
      core = new MemoryCore(options.retainPerType ?? 10_000);
      sharedCores.set(this.#prefix, core);
    }
    core.handles++;
    this.#core = core;
  }

  async consumerLag(group: string, types: string[]): Promise<ConsumerLag> {
    const state = this.#core.groups.get(group);
    let lag = 0;
    for (const type of types) {
      const log = this.#core.logs.get(type);
      if (!log) continue;
      const cursor = Math.max(state?.cursors.get(type) ?? log.base, log.base);
      lag += log.base + log.events.length - cursor;
    }
    const queued = state?.queue.filter((item) => types.includes(item.event.type)) ?? [];
    const pending = queued.filter((item) => item.holder !== undefined).length;
    return { lag: lag + queued.length - pending, pending };
  }

  get metrics(): Readonly<BusMetrics> {
    return this.counters;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.#assertOpen();
    for (const event of events) this.#core.append(event);
    this.counters.published += events.length;
    const types = new Set(events.map((e) => e.type));
    for (const group of this.#core.groups.values()) {
      if (group.consumers.some((c) => [...types].some((t) => c.types.has(t)))) this.#core.schedulePump(group);
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    const core = this.#core;
    const group = core.group(options.group);
    const consumer: Consumer = {
      group,
      handle: this,
      types: new Set(options.types),
      handler: options.handler,
      maxAttempts: options.maxAttempts ?? defaultMaxAttempts,
      retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
      inHand: undefined,
      stopping: false,
    };
    for (const type of options.types) {
      // A group new to this type starts at the oldest retained event.
      if (!group.cursors.has(type)) group.cursors.set(type, core.logs.get(type)?.base ?? 0);
    }
    group.consumers.push(consumer);
    core.schedulePump(group);
    const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    const subscription: Subscription = {
      stop: async () => {
        this.#subscriptions.delete(subscription);
        await core.stop(consumer, stopTimeoutMs);
      },
    };
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    this.#assertOpen();
  }

  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    return structuredClone(this.#core.deadLetters.slice(-limit));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    this.#core.handles--;
    if (this.#core.handles === 0) {
      for (const group of this.#core.groups.values()) clearTimeout(group.retryTimer);
      if (sharedCores.get(this.#prefix) === this.#core) sharedCores.delete(this.#prefix);
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('event bus closed');
  }
}
