import { z } from 'zod';
import { kafkaConfigProblem, kafkaEnvSchema } from './events/kafka-settings.ts';
import { productionProblem } from './production.ts';

/** Raised when the environment does not satisfy a service's schema; its message is one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

// Blank is unset; a set value is long enough that guessing it costs nothing to try and never succeeds.
const signingKey = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters');

/**
 * Settings every service shares. A service extends it with `baseConfigSchema.extend({...})`.
 * Defaults are the embedded mode: nothing to install.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl.refine(
    (v) => v === undefined || /^(postgres(ql)?|pglite|memory):\/\//.test(v),
    'must start with postgres://, postgresql://, pglite:// or memory://',
  ),
  /**
   * PostgreSQL itself, for what needs a session of its own: the migrations, under a session-level
   * advisory lock. Set when DATABASE_URL goes through a transaction-pooling PgBouncer (which would
   * hand the lock's connection to someone else); unset, migrations use DATABASE_URL.
   */
  DATABASE_DIRECT_URL: optionalUrl.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must start with postgres:// or postgresql://',
  ),
  EVENT_BUS: z.enum(['memory', 'redis', 'kafka']).default('memory'),
  JOBS: z.enum(['memory', 'bullmq']).optional(),
  REDIS_URL: optionalUrl.refine(
    (v) => v === undefined || /^rediss?:\/\//.test(v),
    'must start with redis://',
  ),
  KAFKA_BROKERS: optionalUrl,
  /** Kafka TLS, SASL, client id and group timing (events/kafka-settings.ts). */
  ...kafkaEnvSchema,
  /**
   * PostgreSQL connections the service may open at once (PGlite has one). Unset: the service's own
   * default (`databasePoolSize` in its definition), else 10. Size it against the server's
   * `max_connections` over all services and replicas.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * Event delivery (ADR 35): how long a consumer retries an event that fails transiently (a
   * dependency down) while the service is ready, the cap of one retry delay, and the tries of a
   * permanent failure before its dead letter.
   */
  EVENT_RETRY_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  EVENT_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(10).default(30_000),
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * PostgreSQL time-outs in milliseconds (ADR 37): opening a connection or waiting for a free one
   * (default 5000), one statement on the server (15000), a transaction idle on the server (30000),
   * and no answer at all on the client (default: the statement time-out plus 2000).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /**
   * The key the gateway and every service sign and check calls with (ADR 43): one value everywhere,
   * required with PostgreSQL. `_PREVIOUS` is also accepted while a new key rolls out.
   */
  INTERNAL_SIGNING_KEY: signingKey,
  INTERNAL_SIGNING_KEY_PREVIOUS: signingKey,
  /** Serves /metrics on this port alone (for Prometheus) instead of the service's own port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: signingKey,
  /** How long a client may take to send a whole request, body included, before a 408 (ms). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema> & { JOBS: 'memory' | 'bullmq' };

/** Whether a `DATABASE_URL` names PostgreSQL (a cluster, replicas) rather than PGlite or memory. */
export function isPostgresUrl(url: string | undefined): url is string {
  return /^postgres(ql)?:\/\//.test(url ?? '');
}

const REQUIRED_WITH_POSTGRES = 'required with a PostgreSQL DATABASE_URL';

/**
 * In a schema's `superRefine`: each of `names` left unset while `DATABASE_URL` is PostgreSQL is an
 * issue. Replicas must share these settings (keys), so nothing may be generated per process.
 */
export function requireWithPostgres(
  config: Record<string, unknown> & { DATABASE_URL?: string | undefined },
  ctx: z.RefinementCtx,
  names: readonly string[],
): void {
  if (!isPostgresUrl(config.DATABASE_URL)) return;
  for (const name of names)
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: REQUIRED_WITH_POSTGRES });
}

const requiredByPostgres = new WeakMap<z.ZodType, readonly string[]>();

/**
 * Declares that `schema`'s `names` are required when `DATABASE_URL` is PostgreSQL; `startService`
 * checks them (in that order) right after the call-signing key, before anything opens. Not a zod
 * refinement, so a one-shot migration (`migrateService`) and a support script still need only the
 * database, and in production the missing secret is named as production's rule names it.
 */
export function requiredWithPostgres<S extends z.ZodObject>(
  schema: S,
  names: ReadonlyArray<keyof z.infer<S> & string>,
): S {
  requiredByPostgres.set(schema, names);
  return schema;
}

/**
 * The settings `schema` requires only with PostgreSQL: what a deployment must give a service that
 * its embedded run generates (read by the deployment checks in infra/).
 */
export function postgresRequirements(schema: z.ZodType): string[] {
  return [...(requiredByPostgres.get(schema) ?? [])];
}

/** Throws the one-line ConfigError for the first of `schema`'s PostgreSQL requirements left unset. */
export function checkPostgresRequirements(
  schema: z.ZodType,
  config: Record<string, unknown> & { DATABASE_URL?: string | undefined },
): void {
  if (!isPostgresUrl(config.DATABASE_URL)) return;
  const missing = postgresRequirements(schema).find((name) => !config[name]);
  if (missing) throw new ConfigError(`Invalid configuration: ${missing}: ${REQUIRED_WITH_POSTGRES}`);
}

/**
 * Parses `env` with `schema`. On failure throws a ConfigError whose message names the first bad
 * variable in one line, e.g. `Invalid configuration: PORT: Invalid input: expected number`.
 * The value itself is never echoed: it may be a secret.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join('.') || '(environment)';
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const config = result.data as Record<string, unknown>;
  if ('EVENT_BUS' in config) {
    if (config.EVENT_BUS === 'redis' && !config.REDIS_URL)
      throw new ConfigError('Invalid configuration: REDIS_URL: required when EVENT_BUS=redis');
    if (config.EVENT_BUS === 'kafka' && !config.KAFKA_BROKERS)
      throw new ConfigError('Invalid configuration: KAFKA_BROKERS: required when EVENT_BUS=kafka');
    const kafkaProblem = kafkaConfigProblem(config);
    if (kafkaProblem) throw new ConfigError(`Invalid configuration: ${kafkaProblem}`);
    // Jobs follow Redis when it is there: a service started against Redis schedules on BullMQ.
    config.JOBS ??= config.REDIS_URL ? 'bullmq' : 'memory';
    if (config.JOBS === 'bullmq' && !config.REDIS_URL)
      throw new ConfigError('Invalid configuration: REDIS_URL: required when JOBS=bullmq');
  }
  // NODE_ENV=production: no missing secret and no published development value (production.ts).
  const declared = schema instanceof z.ZodObject ? Object.keys(schema.shape) : Object.keys(config);
  const problem = productionProblem(config, declared);
  if (problem) throw new ConfigError(problem);
  return config as z.infer<S>;
}
