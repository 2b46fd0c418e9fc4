// What each service needs from its environment in distributed mode, derived from the service's own
// code (its zod config schema and its start-up checks), so the deployment tests follow the services
// instead of a hand-written list that drifts. Used by compose.test.ts and k8s/kustomize.test.ts.
import { loadOrCreateEventPayloadKeys, loadOrCreateMasterKey } from '@innerview/crypto';
import { checkPostgresRequirements, loadConfig, postgresRequirements } from '@innerview/kit/config';
import { trustKeysFor } from '@innerview/kit/trust';
import type { JWK } from 'jose';
import type { z } from 'zod';
import { gatewayConfigSchema } from '../gateway/src/config.ts';
import { loadSigningKey } from '../services/auth/src/adapters/security/signing-keys.ts';
import { authConfigSchema } from '../services/auth/src/config.ts';
import { billingConfigSchema } from '../services/billing/src/config.ts';
import { chatConfigSchema } from '../services/chat/src/config.ts';
import { filesConfigSchema } from '../services/files/src/config.ts';
import { notificationsConfigSchema } from '../services/notifications/src/config.ts';
import { questionnaireConfigSchema } from '../services/questionnaire/src/config.ts';

export type Env = Record<string, string | undefined>;

export const services = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
export type ServiceName = (typeof services)[number];

export const configSchemas: Record<ServiceName | 'gateway', z.ZodObject> = {
  auth: authConfigSchema,
  billing: billingConfigSchema,
  chat: chatConfigSchema,
  questionnaire: questionnaireConfigSchema,
  files: filesConfigSchema,
  notifications: notificationsConfigSchema,
  gateway: gatewayConfigSchema,
};

/** Secrets that must hold ONE value across services (in k8s: one key of `innerview-shared-secrets`). */
export const sharedSecrets = ['MASTER_KEY', 'EVENT_PAYLOAD_KEY', 'INTERNAL_SIGNING_KEY'] as const;

/** Base URL settings of internal calls: `<SERVICE>_URL` → `http://<service>:3000`. */
export const serviceUrlSettings = Object.fromEntries(
  [...services].map((s) => [`${s.toUpperCase()}_URL`, `http://${s}:3000`]),
) as Record<string, string>;

/**
 * Valid stand-ins for settings a deployment may lack. Merged UNDER a deployment's own environment,
 * they let the test name each variable whose absence stops a service (instead of failing on the
 * first one); they are never evidence that a deployment provides anything.
 */
export const sampleValues: Env = {
  DATABASE_URL: 'postgres://sample@db:5432/sample',
  REDIS_URL: 'redis://redis:6379',
  KAFKA_BROKERS: 'kafka:9092',
  MASTER_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  EVENT_PAYLOAD_KEY: 'HyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4=',
  INTERNAL_SIGNING_KEY: 'sample-internal-signing-key-of-at-least-32-characters',
  AUTH_PRIVATE_JWK:
    '{"crv":"Ed25519","d":"aFasgOHJKIHIi5ppFRU2vH-bP730PqZSWnfVcVdI0Wg","x":"6cZsHFNoJSQqX1i4IWAYeVN-D7wr9vWrDytTx98Z2SY","kty":"OKP"}',
  STRIPE_SECRET_KEY: 'sk_test_sample',
  STRIPE_WEBHOOK_SECRET: 'whsec_sample',
  SMTP_URL: 'smtp://mail:25',
  VAPID_PUBLIC_KEY: 'BONEK4xO3gkmjIocSy1F3PeVf6ScXmGRBLAJ_OrQ3ptvChMRCEV9USwiyaiyHWwwwrBbi_B-fy5UKAef2kXW0w0',
  VAPID_PRIVATE_KEY: 'IrCrWxDNYjGT_RkA44EjufH4rgzOB_0CyiXgJmX4Kkg',
  VAPID_SUBJECT: 'mailto:sample@example.ch',
  OPENAI_API_KEY: 'sk-sample',
  S3_BUCKET: 'sample',
  S3_ACCESS_KEY_ID: 'sample',
  S3_SECRET_ACCESS_KEY: 'sample',
  ...serviceUrlSettings,
};

/**
 * Settings the schema leaves optional but the service refuses to start without on PostgreSQL
 * (declared with the kit's `requiredWithPostgres`): read from the service's own config schema.
 */
export function postgresStartupRequirements(name: ServiceName): string[] {
  return postgresRequirements(configSchemas[name]).sort();
}

/**
 * Does what the service does with its environment before it serves: the zod schema (`loadConfig`),
 * the PostgreSQL start-up requirements, and the formats of the keys (master key, event-payload key,
 * signing key) through the very loaders the services use. Throws the service's own one-line error.
 */
export async function checkStartup(name: ServiceName | 'gateway', env: Env): Promise<void> {
  const config = loadConfig(configSchemas[name], env) as Record<string, unknown>;
  if (name === 'gateway') return;
  // The kit's own start-up checks: the call-signing key (ADR 43), then the keys the service's schema
  // requires with PostgreSQL.
  trustKeysFor(config);
  checkPostgresRequirements(configSchemas[name], config);
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : undefined);
  if (text('MASTER_KEY'))
    loadOrCreateMasterKey({ value: text('MASTER_KEY'), previous: text('MASTER_KEYS_PREVIOUS') });
  if (text('EVENT_PAYLOAD_KEY'))
    loadOrCreateEventPayloadKeys({
      value: text('EVENT_PAYLOAD_KEY'),
      previous: text('EVENT_PAYLOAD_KEYS_PREVIOUS'),
    });
  if (config.AUTH_PRIVATE_JWK) await loadSigningKey({ privateJwk: config.AUTH_PRIVATE_JWK as JWK });
}

/**
 * The variables without which this service does not start, in the mode `env` chooses (e.g.
 * PAYMENT_PROVIDER=stripe makes the Stripe keys required): each key whose removal from
 * `{ ...sampleValues, ...env }` makes `checkStartup` fail.
 */
export async function requiredVariables(name: ServiceName | 'gateway', env: Env): Promise<string[]> {
  const full: Env = { ...sampleValues, ...env };
  await checkStartup(name, full);
  const required: string[] = [];
  for (const key of Object.keys(full)) {
    const { [key]: _left, ...without } = full;
    try {
      await checkStartup(name, without);
    } catch {
      required.push(key);
    }
  }
  return required.sort();
}

/**
 * Optional in the schema but wanted in every deployment, because without them a feature is off
 * rather than the start refused: the shared secrets
 * and the base URLs of internal calls (the export reports those services "unavailable").
 */
export function wiringVariables(name: ServiceName | 'gateway'): string[] {
  const keys = Object.keys(configSchemas[name].shape);
  return keys
    .filter((k) => (sharedSecrets as readonly string[]).includes(k) || k in serviceUrlSettings)
    .sort();
}
