import path from 'node:path';
import { loadConfig } from '@innerview/kit/config';
import { z } from 'zod';
import { type ServiceName, serviceNames } from './domain/route-table.ts';
import type { GatewayOptions } from './options.ts';

const httpUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an http(s) base URL such as http://auth:3000');

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Environment of the gateway in distributed mode (compose, k8s). */
export const gatewayConfigSchema = z.object({
  /** production: development conveniences and missing or published secrets are refused. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_URL: httpUrl,
  BILLING_URL: httpUrl,
  CHAT_URL: httpUrl,
  QUESTIONNAIRE_URL: httpUrl,
  FILES_URL: httpUrl,
  NOTIFICATIONS_URL: httpUrl,
  /** Shared with auth: revoked sessions are read there, and rate-limit counts are shared there. */
  REDIS_URL: z
    .string({ error: 'required: revocations and rate limits are shared through Redis' })
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis://'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a client may take to send a whole request, body included, before a 408 (ms). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(52 * 1024 * 1024),
  /** Folder holding shell/dist, chat/dist and account/dist; unset = no front ends served here. */
  FRONTENDS_DIR: optional,
  REMOTE_CHAT_URL: optional,
  REMOTE_ACCOUNT_URL: optional,
  /** Express `trust proxy`: a hop count, or a list of addresses/ranges (default: private ranges). */
  TRUST_PROXY: optional,
  /** Prometheus scrapes /metrics here; the public PORT never serves it. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Optional bearer token the metrics port asks for. */
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  /** Signs every forwarded call (ADR 43); the same value as every service's. */
  INTERNAL_SIGNING_KEY: z
    .string({ error: 'required: the services refuse calls the gateway did not sign' })
    .trim()
    .min(32, 'must be at least 32 characters'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export interface GatewaySettings {
  host: string;
  port: number;
  requestTimeoutMs: number;
  logLevel: GatewayConfig['LOG_LEVEL'];
  metricsPort: number;
  options: GatewayOptions;
}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function gatewaySettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): GatewaySettings {
  const config = loadConfig(gatewayConfigSchema, env);
  const upstreams = Object.fromEntries(
    serviceNames.map((s) => [
      s,
      config[`${s.toUpperCase()}_URL` as `${Uppercase<ServiceName>}_URL`].replace(/\/$/, ''),
    ]),
  ) as Record<ServiceName, string>;
  const root = config.FRONTENDS_DIR;
  return {
    host: config.HOST,
    port: config.PORT,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    logLevel: config.LOG_LEVEL,
    metricsPort: config.METRICS_PORT,
    options: {
      upstreams,
      redisUrl: config.REDIS_URL,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
      maxBodyBytes: config.MAX_BODY_BYTES,
      frontends: root
        ? {
            shellDir: path.resolve(root, 'shell', 'dist'),
            chatDir: path.resolve(root, 'chat', 'dist'),
            accountDir: path.resolve(root, 'account', 'dist'),
          }
        : undefined,
      remotes: {
        ...(config.REMOTE_CHAT_URL ? { chat: config.REMOTE_CHAT_URL } : {}),
        ...(config.REMOTE_ACCOUNT_URL ? { account: config.REMOTE_ACCOUNT_URL } : {}),
      },
      embedded: false,
      production: config.NODE_ENV === 'production',
      trustProxy: parseTrustProxy(config.TRUST_PROXY),
      signingKey: config.INTERNAL_SIGNING_KEY,
      metricsToken: config.METRICS_TOKEN,
    },
  };
}

/** `false` (the gateway is the edge), a hop count, or addresses/ranges such as `loopback, 10.0.0.0/8`. */
function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === undefined) return undefined;
  if (value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
