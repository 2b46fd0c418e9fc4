import { readFileSync } from 'node:fs';
import { type KafkaConfig, logLevel, type SASLOptions } from 'kafkajs';
import { z } from 'zod';
import type { EventsLogger } from './delivery.ts';

/**
 * How the Kafka adapter reaches a cluster: brokers, TLS, SASL and the consumer-group timing, from
 * the environment (`kafkaEnvSchema`, part of every service's configuration) or given directly.
 * `kafkaClientConfig` turns them into the kafkajs client settings. The SASL password is kept out of
 * every log line and error text this module writes.
 */

export type KafkaSaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';

export interface KafkaConnection {
  /** `host:port` entries (bootstrap brokers). */
  brokers: string[];
  /** Names this client in the broker's logs and quotas; default `innerview`. */
  clientId?: string;
  /** TLS to the brokers. `true`: the system's trusted CAs; `{ ca }`: trust these PEM certificates too. */
  ssl?: boolean | { ca: string[] };
  sasl?: { mechanism: KafkaSaslMechanism; username: string; password: string };
  /** Time to open a connection; default 3 s. */
  connectionTimeoutMs?: number;
  /** Time for one request to the broker; default 30 s. */
  requestTimeoutMs?: number;
  /** Tries kafkajs makes for a failed request, with backoff up to 10 s; default 5. */
  retries?: number;
}

/** Consumer-group timing. */
export interface KafkaGroupTiming {
  /** The broker drops a member it has not heard from for this long; default 30 s. */
  sessionTimeoutMs: number;
  /** How long a rebalance waits for members to finish the event in hand and rejoin; default 60 s. */
  rebalanceTimeoutMs: number;
  /** Heartbeats to the group, also sent while a handler runs; default 3 s (a tenth of the session). */
  heartbeatIntervalMs: number;
}

export const defaultGroupTiming: KafkaGroupTiming = {
  sessionTimeoutMs: 30_000,
  rebalanceTimeoutMs: 60_000,
  heartbeatIntervalMs: 3_000,
};

/** Fills the defaults and checks that the timings fit together (heartbeats well inside the session). */
export function groupTiming(given: Partial<KafkaGroupTiming> = {}): KafkaGroupTiming {
  const sessionTimeoutMs = given.sessionTimeoutMs ?? defaultGroupTiming.sessionTimeoutMs;
  const timing = {
    sessionTimeoutMs,
    rebalanceTimeoutMs:
      given.rebalanceTimeoutMs ?? Math.max(sessionTimeoutMs, defaultGroupTiming.rebalanceTimeoutMs),
    heartbeatIntervalMs:
      given.heartbeatIntervalMs ??
      Math.min(defaultGroupTiming.heartbeatIntervalMs, Math.floor(sessionTimeoutMs / 3)),
  };
  // Kafka's own rule of thumb: at most a third of the session, so two lost heartbeats are survived.
  if (timing.heartbeatIntervalMs * 3 > timing.sessionTimeoutMs)
    throw new Error('Kafka heartbeat interval must be at most a third of the session timeout');
  if (timing.rebalanceTimeoutMs < timing.sessionTimeoutMs)
    throw new Error('Kafka rebalance timeout must be at least the session timeout');
  return timing;
}

/** The kafkajs client settings for `connection`; log lines go to `log` without message contents. */
export function kafkaClientConfig(connection: KafkaConnection, log: EventsLogger): KafkaConfig {
  const brokers = connection.brokers.map((b) => b.trim()).filter(Boolean);
  if (brokers.length === 0) throw new Error('Kafka needs at least one broker (KAFKA_BROKERS)');
  const config: KafkaConfig = {
    clientId: connection.clientId ?? 'innerview',
    brokers,
    connectionTimeout: connection.connectionTimeoutMs ?? 3000,
    requestTimeout: connection.requestTimeoutMs ?? 30_000,
    // kafkajs retries a failed request this often (with its own backoff) before giving up to us.
    retry: { retries: connection.retries ?? 5, initialRetryTime: 300, maxRetryTime: 10_000 },
    logLevel: logLevel.WARN,
    // kafkajs' own lines carry broker, group and error names, never message contents nor the
    // SASL password; only their namespace and message text are passed on.
    logCreator:
      () =>
      ({ level, namespace, log: entry }) => {
        // kafkajs's own error text ("The coordinator is not available") says what went wrong; a
        // fresh broker gives a few such answers in its first seconds, and the client retries them.
        const fields: Record<string, unknown> = { kafka: namespace, detail: entry.message };
        if (typeof entry.error === 'string') fields.error = entry.error;
        if (typeof entry.retryCount === 'number') fields.retry = entry.retryCount;
        if (level <= logLevel.ERROR) log.error(fields, 'kafka client');
        else log.warn(fields, 'kafka client');
      },
  };
  if (connection.ssl) config.ssl = connection.ssl === true ? true : { ca: connection.ssl.ca };
  if (connection.sasl) {
    const { mechanism, username, password } = connection.sasl;
    config.sasl = { mechanism, username, password } as SASLOptions;
  }
  return config;
}

/** A short description for logs: brokers, client id, TLS and SASL mechanism, never credentials. */
export function describeConnection(connection: KafkaConnection): string {
  const tls = connection.ssl ? (connection.ssl === true ? 'tls' : 'tls(own ca)') : 'plaintext';
  const sasl = connection.sasl
    ? `sasl ${connection.sasl.mechanism} as ${connection.sasl.username}`
    : 'no sasl';
  return `${connection.brokers.join(',')} (${tls}, ${sasl})`;
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined));
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalMs = z.coerce.number().int().min(1).optional();

/**
 * The Kafka connection settings of every service (spread into the kit's base configuration).
 * TLS is on when KAFKA_SSL=true or a CA file is given; SASL when a mechanism is named, and then a
 * user name and password are required (`kafkaConfigProblem`).
 */
export const kafkaEnvSchema = {
  KAFKA_CLIENT_ID: optionalText,
  KAFKA_SSL: flag,
  /** PEM file of the CA(s) that signed the brokers' certificates, when not a system-trusted one. */
  KAFKA_SSL_CA_FILE: optionalText,
  KAFKA_SASL_MECHANISM: z
    .enum(['plain', 'scram-sha-256', 'scram-sha-512', 'PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', ''])
    .optional()
    .transform((v) => (v ? (v.toLowerCase() as KafkaSaslMechanism) : undefined)),
  KAFKA_SASL_USERNAME: optionalText,
  KAFKA_SASL_PASSWORD: optionalText,
  KAFKA_SESSION_TIMEOUT_MS: optionalMs,
  KAFKA_REBALANCE_TIMEOUT_MS: optionalMs,
  KAFKA_HEARTBEAT_INTERVAL_MS: optionalMs,
};

export interface KafkaEnv {
  KAFKA_BROKERS?: string;
  KAFKA_CLIENT_ID?: string;
  KAFKA_SSL?: boolean;
  KAFKA_SSL_CA_FILE?: string;
  KAFKA_SASL_MECHANISM?: KafkaSaslMechanism;
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
  KAFKA_SESSION_TIMEOUT_MS?: number;
  KAFKA_REBALANCE_TIMEOUT_MS?: number;
  KAFKA_HEARTBEAT_INTERVAL_MS?: number;
}

/** The first inconsistency in the Kafka settings, as `VARIABLE: reason`, or undefined. */
export function kafkaConfigProblem(env: KafkaEnv): string | undefined {
  if (env.KAFKA_SASL_MECHANISM && !env.KAFKA_SASL_USERNAME)
    return 'KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set';
  if (env.KAFKA_SASL_MECHANISM && !env.KAFKA_SASL_PASSWORD)
    return 'KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set';
  if (!env.KAFKA_SASL_MECHANISM && (env.KAFKA_SASL_USERNAME || env.KAFKA_SASL_PASSWORD))
    return 'KAFKA_SASL_MECHANISM: required when a SASL user name or password is set';
  if (env.KAFKA_SSL === false && env.KAFKA_SSL_CA_FILE) return 'KAFKA_SSL_CA_FILE: set while KAFKA_SSL=false';
  try {
    groupTiming(groupTimingFromEnv(env));
  } catch (error) {
    return `KAFKA_HEARTBEAT_INTERVAL_MS: ${(error as Error).message}`;
  }
  return undefined;
}

/** The connection a parsed configuration asks for (reads the CA file, which must exist). */
export function kafkaConnectionFromEnv(env: KafkaEnv, defaultClientId?: string): KafkaConnection {
  const brokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  const connection: KafkaConnection = { brokers, clientId: env.KAFKA_CLIENT_ID ?? defaultClientId };
  if (env.KAFKA_SSL_CA_FILE) {
    let pem: string;
    try {
      pem = readFileSync(env.KAFKA_SSL_CA_FILE, 'utf8');
    } catch (error) {
      throw new Error(
        `KAFKA_SSL_CA_FILE cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new Error('KAFKA_SSL_CA_FILE holds no PEM certificate');
    connection.ssl = { ca: [pem] };
  } else if (env.KAFKA_SSL) {
    connection.ssl = true;
  }
  if (env.KAFKA_SASL_MECHANISM && env.KAFKA_SASL_USERNAME && env.KAFKA_SASL_PASSWORD) {
    connection.sasl = {
      mechanism: env.KAFKA_SASL_MECHANISM,
      username: env.KAFKA_SASL_USERNAME,
      password: env.KAFKA_SASL_PASSWORD,
    };
  }
  return connection;
}

export function groupTimingFromEnv(env: KafkaEnv): Partial<KafkaGroupTiming> {
  return {
    sessionTimeoutMs: env.KAFKA_SESSION_TIMEOUT_MS,
    rebalanceTimeoutMs: env.KAFKA_REBALANCE_TIMEOUT_MS,
    heartbeatIntervalMs: env.KAFKA_HEARTBEAT_INTERVAL_MS,
  };
}
