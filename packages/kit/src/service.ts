import path from 'node:path';
import type { EventEnvelope } from '@innerview/contracts';
import type { Express } from 'express';
import type { z } from 'zod';
import { type Clock, systemClock } from './clock.ts';
import { type BaseConfig, baseConfigSchema, loadConfig } from './config.ts';
import { type Database, type Db, openDatabase, type Tx } from './db.ts';
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
import { createHttpApp } from './http.ts';
import { createJobQueue } from './jobs/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import type { RouteDefinition } from './route.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const PRUNE_JOB = 'kit.prune-events';
const PRUNE_EVERY_MS = DAY_MS / 4;
const OUTBOX_RETENTION_MS = 7 * DAY_MS;
/** Longer than any redelivery can lag, so a late duplicate still finds its id. */
const INBOX_RETENTION_MS = 30 * DAY_MS;

export type ServiceName = 'auth' | 'billing' | 'chat' | 'questionnaire' | 'files' | 'notifications';

/** Everything a service's routes, consumers and jobs get. */
export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  name: ServiceName;
  config: C;
  log: Logger;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  clock: Clock;
  /**
   * Runs `work` in one transaction; events given to `emit` are written to the outbox in that same
   * transaction and published by the relay after the commit (never if it rolls back).
   */
  transaction<T>(
    work: (tx: Tx, emit: (...events: EventEnvelope[]) => Promise<void>) => Promise<T>,
  ): Promise<T>;
}

export interface ServiceDefinition<S extends z.ZodObject = typeof baseConfigSchema> {
  name: ServiceName;
  /** Port when started alone without PORT (embedded runs pass PORT=0 for a free one). */
  defaultPort: number;
  /** `baseConfigSchema.extend({...})` for service settings; defaults to the base. */
  configSchema?: S;
  /** drizzle-kit output folder of the service's own tables, if it has any. */
  migrationsFolder?: string;
  /** PostgreSQL pool size when `DATABASE_POOL_SIZE` is not set (default 10). */
  databasePoolSize?: number;
  routes(ctx: ServiceContext<z.infer<S> & BaseConfig>): RouteDefinition[];
  /** The events this service consumes: all in one place, `src/events/subscriptions.ts`. */
  subscriptions?(ctx: ServiceContext<z.infer<S> & BaseConfig>): EventHandlerDefinition[];
  /** Registers job processors and repeating schedules (`src/jobs/`). */
  jobs?(ctx: ServiceContext<z.infer<S> & BaseConfig>): Promise<void> | void;
  /** Extra readiness checks besides the database and the bus. */
  readiness?(ctx: ServiceContext<z.infer<S> & BaseConfig>): Record<string, () => Promise<void>>;
}

export function defineService<S extends z.ZodObject = typeof baseConfigSchema>(
  definition: ServiceDefinition<S>,
): ServiceDefinition<S> {
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

export interface RunningService<C extends BaseConfig = BaseConfig> {
  ctx: ServiceContext<C>;
  app: Express;
  url: string;
  port: number;
  /** The service's event consumption; `consumers.metrics` counts retries, dead letters, replays. */
  consumers: HandlersSubscription;
  /** Graceful stop: readiness fails, consumers stop, requests drain, the relay stops, pools close. */
  stop(): Promise<void>;
}

/**
 * Builds and starts a service: config, logger, database and migrations, bus, jobs, outbox relay,
 * consumers, HTTP. The one code path for embedded, standalone and container runs.
 */
export async function startService<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  overrides: ServiceOverrides = {},
): Promise<RunningService<z.infer<S> & BaseConfig>> {
  type C = z.infer<S> & BaseConfig;
  const schema = definition.configSchema ?? baseConfigSchema;
  const env = overrides.env ?? process.env;
  const config = loadConfig(schema, { PORT: String(definition.defaultPort), ...env }) as C;
  const log = overrides.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, definition.name),
    poolSize: config.DATABASE_POOL_SIZE ?? definition.databasePoolSize,
  });
  const owned: Array<() => Promise<void>> = [() => database.close()];
  try {
    await migrateKitTables(database);
    if (definition.migrationsFolder) await database.migrate(definition.migrationsFolder, '__migrations');
    const bus =
      overrides.bus ??
      (await createEventBus({
        kind: config.EVENT_BUS,
        redisUrl: config.REDIS_URL,
        kafkaBrokers: config.KAFKA_BROKERS?.split(','),
        kafka:
          config.EVENT_BUS === 'kafka'
            ? { ...kafkaConnectionFromEnv(config, definition.name), timing: groupTimingFromEnv(config) }
            : undefined,
        clientId: definition.name,
        log,
      }));
    if (!overrides.bus) owned.unshift(() => bus.close());
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
    };
    let shuttingDown = false;
    const routes = definition.routes(ctx);
    const app = createHttpApp({
      name: definition.name,
      logger: log,
      routes,
      isShuttingDown: () => shuttingDown,
      readiness: { database: () => database.ping(), bus: () => bus.ping(), ...definition.readiness?.(ctx) },
    });
    const consumers = await subscribeHandlers({
      bus,
      db: database.db,
      service: definition.name,
      handlers: definition.subscriptions?.(ctx) ?? [],
      log,
      // Consumption pauses while the service's own database is unreachable (ADR 35).
      ready: () => database.ping(),
      retryWindowMs: config.EVENT_RETRY_WINDOW_MS,
      maxRetryDelayMs: config.EVENT_RETRY_MAX_DELAY_MS,
      maxAttempts: config.EVENT_MAX_ATTEMPTS,
    });
    await definition.jobs?.(ctx);
    // Published outbox rows and old inbox ids are only history: keep the tables small.
    jobs.process(PRUNE_JOB, async () => {
      // Measured on the service's clock, as every other schedule is.
      await pruneOutbox(database.db, OUTBOX_RETENTION_MS, ctx.clock.now());
      await pruneInbox(database.db, INBOX_RETENTION_MS, ctx.clock.now());
      await pruneDeliveryHistory(database.db, INBOX_RETENTION_MS, ctx.clock.now());
    });
    await jobs.repeat(PRUNE_JOB, { everyMs: PRUNE_EVERY_MS });
    relay.start();
    const listening: Listening = await listen(app, config.PORT, config.HOST);
    log.info({ url: listening.url }, 'service started');
    let stopped: Promise<void> | undefined;
    return {
      ctx,
      app,
      url: listening.url,
      port: listening.port,
      consumers,
      stop: () => {
        stopped ??= (async () => {
          shuttingDown = true;
          await consumers.stop();
          await listening.stop();
          await relay.stop();
          for (const close of owned) await close().catch(() => {});
          log.info('service stopped');
        })();
        return stopped;
      },
    };
  } catch (err) {
    for (const close of owned) await close().catch(() => {});
    throw err;
  }
}
