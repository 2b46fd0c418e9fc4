// What an operator watches besides HTTP (ADR 44): the outbox, the events each service publishes and
// consumes, how far its consumer groups are behind, its database pool and its job queue. Counters
// count as things happen; gauges are read when Prometheus scrapes, so an idle service costs nothing.
import { count, isNull, min } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from './db.ts';
import type { EventBus } from './events/bus.ts';
import { defaultMaxAttempts, isPoison } from './events/delivery.ts';
import { kitOutbox } from './events/schema.ts';
import type { JobQueue } from './jobs/queue.ts';

/** The event counters, shared by the instrumented bus of one service. */
interface EventCounters {
  published: Counter<'type'>;
  consumed: Counter<'type' | 'group'>;
  retried: Counter<'type' | 'group'>;
  deadLettered: Counter<'type' | 'group'>;
}

function eventCounters(registry: Registry): EventCounters {
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    published: counter('events_published_total', 'Events this service published, by type', ['type']),
    consumed: counter('events_consumed_total', 'Events a consumer group of this service handled', [
      'type',
      'group',
    ]),
    retried: counter('events_retried_total', 'Handler failures that the bus retries', ['type', 'group']),
    deadLettered: counter(
      'events_dead_lettered_total',
      'Events given up and moved to the dead letters (failed every try, or malformed)',
      ['type', 'group'],
    ),
  };
}

/**
 * The service's view of the bus: the same bus, counting what this service publishes and what its
 * handlers make of each delivery. A try that throws is a retry until the last allowed one (or a
 * poison event), which is a dead letter: the bus's own rule (`delivery.ts`).
 */
export function instrumentBus(bus: EventBus, registry: Registry): EventBus {
  const counters = eventCounters(registry);
  return {
    get kind() {
      return bus.kind;
    },
    get metrics() {
      return bus.metrics;
    },
    ping: () => bus.ping(),
    deadLetters: (limit) => bus.deadLetters(limit),
    consumerLag: (group, types) => bus.consumerLag(group, types),
    close: () => bus.close(),
    async publish(events) {
      await bus.publish(events);
      for (const event of events) counters.published.inc({ type: event.type });
    },
    subscribe(options) {
      const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
      const tries = new Map<string, number>();
      return bus.subscribe({
        ...options,
        handler: async (event) => {
          const labels = { type: String(event?.type), group: options.group };
          const key = String(event?.id);
          const attempt = (tries.get(key) ?? 0) + 1;
          try {
            await options.handler(event);
            tries.delete(key);
            counters.consumed.inc(labels);
          } catch (error) {
            if (isPoison(error) || attempt >= maxAttempts) {
              tries.delete(key);
              counters.deadLettered.inc(labels);
            } else {
              tries.set(key, attempt);
              counters.retried.inc(labels);
            }
            throw error;
          }
        },
      });
    },
  };
}

export interface ServiceGaugeSources {
  registry: Registry;
  database: Database;
  bus: EventBus;
  jobs: JobQueue;
  /** The consumer group of this service and the event types it reads. */
  consumer?: { group: string; types: string[] } | undefined;
  /** Set by `/readyz` each time it answers: 1 ready, 0 not. */
  ready: () => number | undefined;
}

/** Gauges read at scrape time; a source that cannot answer leaves its gauge out of that scrape. */
export function registerServiceGauges(sources: ServiceGaugeSources): void {
  const { registry, database, bus, jobs, consumer } = sources;
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect: (g: Gauge<L>) => Promise<void> | void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await collect(this);
        } catch {
          // The database or bus is away: readiness says so; the scrape still answers.
        }
      },
    });
  const outbox = async () => {
    const [row] = await database.db
      .select({ n: count(), oldest: min(kitOutbox.createdAt) })
      .from(kitOutbox)
      .where(isNull(kitOutbox.publishedAt));
    return { pending: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : undefined };
  };
  gauge('outbox_pending_events', 'Outbox rows not yet published', [], async (g) => {
    g.set((await outbox()).pending);
  });
  gauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest unpublished outbox row (0 when none waits)',
    [],
    async (g) => {
      const { oldest } = await outbox();
      g.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  );
  const lagOf = async () =>
    consumer
      ? { group: consumer.group, ...(await bus.consumerLag(consumer.group, consumer.types)) }
      : undefined;
  gauge(
    'event_consumer_lag',
    'Events published and not yet delivered to the consumer group',
    ['group'],
    async (g) => {
      const lag = await lagOf();
      if (lag) g.set({ group: lag.group }, lag.lag);
    },
  );
  gauge(
    'event_consumer_pending',
    'Events delivered to the consumer group and not yet acknowledged',
    ['group'],
    async (g) => {
      const lag = await lagOf();
      if (lag) g.set({ group: lag.group }, lag.pending);
    },
  );
  gauge(
    'db_pool_connections',
    'Database connections by state (max, total, idle, waiting)',
    ['state'],
    (g) => {
      const use = database.poolUse();
      for (const state of ['max', 'total', 'idle', 'waiting'] as const) g.set({ state }, use[state]);
    },
  );
  gauge('job_queue_depth', 'Jobs waiting to run, by job name', ['job'], async (g) => {
    for (const [job, depth] of Object.entries(await jobs.depth())) g.set({ job }, depth);
  });
  gauge('service_ready', 'Whether the last /readyz answered ready (1) or not (0)', [], (g) => {
    const ready = sources.ready();
    if (ready !== undefined) g.set(ready);
  });
}

/** A gauge of a service's own, read at scrape time (e.g. chat's replies in flight). */
export function registerGauge(
  registry: Registry,
  gauge: { name: string; help: string; read: () => number },
): void {
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    registers: [registry],
    collect() {
      this.set(gauge.read());
    },
  });
}
