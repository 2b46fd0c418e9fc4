import path from 'node:path';
import type { EventEnvelope } from '@innerview/contracts';
import type { Express } from 'express';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import { type Clock, systemClock } from './clock.ts';
import { type BaseConfig, baseConfigSchema, checkPostgresRequirements, loadConfig } from './config.ts';
import { type Database, type Db, databaseTimeoutsFrom, openDatabase, type Tx } from './db.ts';
import type { EventBus } from './events/bus.ts';
import {
  createEventBus,
  type EventHandlerDefinition,
  type HandlersSubscription,
  migrateKitTables,
  OutboxRelay,
  pruneDeliveryHistory,
  pruneInbox,
  pruneOutbox,
  subscribeHandlers,
  writeEvents,
} from './events/index.ts';
import { groupTimingFromEnv, kafkaConnectionFromEnv } from './events/kafka-settings.ts';
import { createHttpApp, createMetricsApp } from './http.ts';
import { createJobQueue } from './jobs/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import type { RouteDefinition } from './route.ts';
import { instrumentBus, registerServiceGauges } from './service-metrics.ts';
import { startTracing } from './tracing.ts';
import { type CallSigner, callSigner, trustKeysFor } from './trust.ts';

/** How long a starting service waits for its Kafka consumer group before it serves anyway. */
const KAFKA_JOIN_WAIT_MS = 5_000;

const DAY_MS = 24 * 60 * 60 * 1000;
export const PRUNE_JOB = 'kit.prune-events';
const PRUNE_EVERY_MS = DAY_MS / 4;
const OUTBOX_RETENTION_MS = 7 * DAY_MS;
/** Longer than any redelivery can lag, so a late duplicate still finds its id. */
const INBOX_RETENTION_MS = 30 * DAY_MS;

/** What the kit builds for every service; a service's own context is built from it (`context`). */
export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  /** The service's name: its logger, metrics, data folder, consumer group, caller name (ADR 43). */
  name: string;
  config: C;
  log: Logger;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  clock: Clock;
  /** Signs this service's calls to other services (ADR 43). */
  calls: CallSigner;
  /** The service's Prometheus registry, for figures of its own (e.g. chat's replies in flight). */
  metrics: Registry;
  /**
   * Runs `work` in one transaction; events given to `emit` are written to the outbox in that same
   * transaction and published by the relay after the commit (never if it rolls back).
   */
  transaction<T>(
    work: (tx: Tx, emit: (...events: EventEnvelope[]) => Promise<void>) => Promise<T>,
  ): Promise<T>;
  /**
   * Registers work for a graceful stop (timers, watchers, replies in flight), run in the order
   * registered after the consumers stop and before requests drain.
   */
  onStop(stop: () => Promise<void> | void): void;
}

export interface ServiceDefinition<
  S extends z.ZodObject = typeof baseConfigSchema,
  T = ServiceContext<z.infer<S> & BaseConfig>,
> {
  name: string;
  /** Port when started alone without PORT (embedded runs pass PORT=0 for a free one). */
  defaultPort: number;
  /** `baseConfigSchema.extend({...})` for service settings; defaults to the base. */
  configSchema?: S;
  /** drizzle-kit output folder of the service's own tables, if it has any. */
  migrationsFolder?: string;
  /** PostgreSQL pool size when `DATABASE_POOL_SIZE` is not set (default 10). */
  databasePoolSize?: number;
  /**
   * The service's own context (keys, clients, adapters), built exactly once per started service
   * from the kit's and handed to every hook below; without it they get the kit's. Work that must
   * end at a stop is registered here with `service.onStop`.
   */
  context?(service: ServiceContext<z.infer<S> & BaseConfig>): T;
  routes(ctx: T): RouteDefinition[];
  /** The events this service consumes: all in one place, `src/events/subscriptions.ts`. */
  subscriptions?(ctx: T): EventHandlerDefinition[];
  /** Registers job processors and repeating schedules (`src/jobs/`). */
  jobs?(ctx: T): Promise<void> | void;
  /** Extra readiness checks besides the database: what the service cannot work without. */
  readiness?(ctx: T): Record<string, () => Promise<void>>;
  /**
   * Dependencies shown in `/readyz` that do not make the service unready (the bus and the job queue
   * are always there): it keeps serving without them and catches up when they return (ADR 38).
   */
  optionalReadiness?(ctx: T): Record<string, () => Promise<void>>;
}

export function defineService<
  S extends z.ZodObject = typeof baseConfigSchema,
  T = ServiceContext<z.infer<S> & BaseConfig>,
>(definition: ServiceDefinition<S, T>): ServiceDefinition<S, T> {
  return definition;
}

/** Shared adapters and settings the embedded runner and tests pass in. */
export interface ServiceOverrides {
  env?: Record<string, string | undefined>;
  bus?: EventBus;
  jobs?: JobQueue;
  clock?: Clock;
  logger?: Logger;
}

export interface RunningService<C extends BaseConfig = BaseConfig, T = unknown> {
  ctx: ServiceContext<C>;
  /** The service's own context, as its `context` built it (the kit's when it has none). */
  context: T;
  app: Express;
  url: string;
  port: number;
  /** The service's event consumption; `consumers.metrics` counts retries, dead letters, replays. */
  consumers: HandlersSubscription;
  /** Where Prometheus scrapes this service (`METRICS_PORT`, else the service's own port). */
  metricsUrl: string;
  /**
   * The first half of `stop`: readiness fails, consumers stop, the `onStop` work runs; requests
   * being served go on. For a runner with something in front of the service that drains first
   * (embedded: the gateway). Runs once; `stop` runs it if nobody did.
   */
  stopWork(): Promise<void>;
  /** Graceful stop: `stopWork`, then requests drain, the relay stops, pools close. */
  stop(): Promise<void>;
}

/**
 * Builds and starts a service: config, logger, database and migrations, bus, jobs, outbox relay,
 * consumers, HTTP. The one code path for embedded, standalone and container runs.
 */
export async function startService<S extends z.ZodObject, T>(
  definition: ServiceDefinition<S, T>,
  overrides: ServiceOverrides = {},
): Promise<RunningService<z.infer<S> & BaseConfig, T>> {
  type C = z.infer<S> & BaseConfig;
  const schema = definition.configSchema ?? baseConfigSchema;
  const env = overrides.env ?? process.env;
  const config = loadConfig(schema, { PORT: String(definition.defaultPort), ...env }) as C;
  const log = overrides.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  const trust = trustKeysFor(config);
  // The keys replicas must share (requiredWithPostgres): never generated per process.
  checkPostgresRequirements(schema, config);
  startTracing(definition.name);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: path.join(config.DATA_DIR, definition.name),
    poolSize: config.DATABASE_POOL_SIZE ?? definition.databasePoolSize,
    timeouts: databaseTimeoutsFrom(config),
    log,
  });
  const owned: Array<() => Promise<void>> = [() => database.close()];
  const stopHooks: Array<() => Promise<void> | void> = [];
  try {
    await applyMigrations(database, definition);
    const metrics = createMetrics(definition.name);
    const sharedBus =
      overrides.bus ??
      (await createEventBus({
        kind: config.EVENT_BUS,
        redisUrl: config.REDIS_URL,
        kafkaBrokers: config.KAFKA_BROKERS?.split(','),
        kafka:
          config.EVENT_BUS === 'kafka'
            ? {
                ...kafkaConnectionFromEnv(config, definition.name),
                timing: groupTimingFromEnv(config),
                // Serve HTTP without waiting for the group: after a kill -9 the broker holds the
                // dead member's partitions for its session time-out (30 s), and billing answered
                // nothing for 27 s of it. Consumption starts once the group gives us partitions.
                joinTimeoutMs: KAFKA_JOIN_WAIT_MS,
              }
            : undefined,
        clientId: definition.name,
        log,
      }));
    if (!overrides.bus) owned.unshift(() => sharedBus.close());
    // What this service publishes and consumes is counted on its own registry (ADR 44).
    const bus = instrumentBus(sharedBus, metrics.registry);
    const jobs =
      overrides.jobs ??
      createJobQueue({
        kind: config.JOBS,
        redisUrl: config.REDIS_URL,
        prefix: `innerview:${definition.name}`,
      });
    if (!overrides.jobs) owned.unshift(() => jobs.close());
    const relay = new OutboxRelay({ db: database.db, bus, log });
    const ctx: ServiceContext<C> = {
      name: definition.name,
      config,
      log,
      database,
      db: database.db,
      bus,
      jobs,
      clock: overrides.clock ?? systemClock,
      calls: callSigner(definition.name, trust),
      metrics: metrics.registry,
      transaction: async (work) => {
        let emitted = false;
        const result = await database.db.transaction(async (tx) =>
          work(tx, async (...events) => {
            emitted = true;
            await writeEvents(tx, events);
          }),
        );
        if (emitted) relay.nudge();
        return result;
      },
      onStop: (stop) => {
        stopHooks.push(stop);
      },
    };
    // Built once, before any hook: every hook below gets this same object.
    const context = definition.context ? definition.context(ctx) : (ctx as T);
    let shuttingDown = false;
    let lastReady: number | undefined;
    const routes = definition.routes(context);
    const app = createHttpApp({
      name: definition.name,
      logger: log,
      routes,
      isShuttingDown: () => shuttingDown,
      trust,
      metrics,
      serveMetrics: config.METRICS_PORT === undefined,
      metricsToken: config.METRICS_TOKEN,
      onReadiness: (ready) => {
        lastReady = ready ? 1 : 0;
      },
      // Only the database is required: the outbox holds events while the bus is away, and the job
      // queue's schedules are declared again when its Redis returns (ADR 38).
      readiness: { database: () => database.ping(), ...definition.readiness?.(context) },
      optionalReadiness: {
        bus: () => bus.ping(),
        jobs: () => jobs.ping(),
        ...definition.optionalReadiness?.(context),
      },
    });
    const handlers = definition.subscriptions?.(context) ?? [];
    const consumers = await subscribeHandlers({
      bus,
      db: database.db,
      service: definition.name,
      handlers,
      log,
      // Consumption pauses while the service's own database is unreachable (ADR 35).
      ready: () => database.ping(),
      retryWindowMs: config.EVENT_RETRY_WINDOW_MS,
      maxRetryDelayMs: config.EVENT_RETRY_MAX_DELAY_MS,
      maxAttempts: config.EVENT_MAX_ATTEMPTS,
    });
    registerServiceGauges({
      registry: metrics.registry,
      database,
      bus,
      jobs,
      consumer: handlers.length ? { group: definition.name, types: handlers.map((h) => h.type) } : undefined,
      ready: () => lastReady,
    });
    await definition.jobs?.(context);
    // Published outbox rows and old inbox ids are only history: keep the tables small.
    jobs.process(PRUNE_JOB, async () => {
      // Measured on the service's clock, as every other schedule is.
      await pruneOutbox(database.db, OUTBOX_RETENTION_MS, ctx.clock.now());
      await pruneInbox(database.db, INBOX_RETENTION_MS, ctx.clock.now());
      await pruneDeliveryHistory(database.db, INBOX_RETENTION_MS, ctx.clock.now());
    });
    await jobs.repeat(PRUNE_JOB, { everyMs: PRUNE_EVERY_MS });
    relay.start();
    const listening: Listening = await listen(app, config.PORT, config.HOST, {
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    });
    let metricsListening: Listening | undefined;
    if (config.METRICS_PORT !== undefined) {
      metricsListening = await listen(
        createMetricsApp(metrics, config.METRICS_TOKEN),
        config.METRICS_PORT,
        config.HOST,
      );
      owned.unshift(() => metricsListening!.stop());
    }
    log.info({ url: listening.url }, 'service started');
    let workStopped: Promise<void> | undefined;
    let stopped: Promise<void> | undefined;
    const stopWork = () => {
      workStopped ??= (async () => {
        shuttingDown = true;
        await consumers.stop();
        for (const hook of stopHooks) await Promise.resolve(hook()).catch(() => {});
      })();
      return workStopped;
    };
    return {
      ctx,
      context,
      app,
      url: listening.url,
      port: listening.port,
      consumers,
      metricsUrl: `${(metricsListening ?? listening).url}/metrics`,
      stopWork,
      stop: () => {
        stopped ??= (async () => {
          await stopWork();
          await listening.stop();
          await relay.stop();
          for (const close of owned) await close().catch(() => {});
          log.info('service stopped');
        })();
        return stopped;
      },
    };
  } catch (err) {
    for (const hook of stopHooks) await Promise.resolve(hook()).catch(() => {});
    for (const close of owned) await close().catch(() => {});
    throw err;
  }
}

/**
 * The kit's tables and then the service's, each under the database's migration lock: replicas that
 * start together on a fresh database take turns instead of racing (ADR 37).
 */
async function applyMigrations(database: Database, definition: { migrationsFolder?: string }): Promise<void> {
  await migrateKitTables(database);
  if (definition.migrationsFolder) await database.migrate(definition.migrationsFolder, '__migrations');
}

/**
 * Migrates a service's database and returns, without starting anything else: the body of each
 * service's `src/migrate.ts` (`npm run migrate -w services/<name>`), for a one-shot job that runs
 * before the replicas roll out. Replicas still migrate at start; that finds nothing left to do.
 */
export async function migrateService<S extends z.ZodObject, T>(
  definition: ServiceDefinition<S, T>,
  overrides: Pick<ServiceOverrides, 'env' | 'logger'> = {},
): Promise<void> {
  const schema = definition.configSchema ?? baseConfigSchema;
  const env = { PORT: String(definition.defaultPort), ...(overrides.env ?? process.env) };
  const config = loadConfig(schema, env) as BaseConfig;
  const log = overrides.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: path.join(config.DATA_DIR, definition.name),
    poolSize: 1,
    timeouts: databaseTimeoutsFrom(config),
    log,
  });
  try {
    await applyMigrations(database, definition);
    log.info({ kind: database.kind }, 'migrations applied');
  } finally {
    await database.close();
  }
}
