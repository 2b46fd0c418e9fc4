import { baseConfigSchema, requiredWithPostgres } from '@innerview/kit';
import { z } from 'zod';

const privateJwk = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, string>;
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'must be a private JWK as JSON' });
    return z.NEVER;
  });

const serviceUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), 'must start with http:// or https://');

const secret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The auth service's settings on top of the base (validated at start-up). */
// Replicas share these: with PostgreSQL they are configured, never generated per process (checked at start).
export const authConfigSchema = requiredWithPostgres(
  baseConfigSchema.extend({
    /**
     * The signing key (Ed25519 or P-256 private JWK as JSON). Required with PostgreSQL, where replicas
     * must share one key; an embedded run generates one into `<DATA_DIR>/auth/keys` on first start.
     */
    AUTH_PRIVATE_JWK: privateJwk,
    /**
     * Seals the one-time tokens in verification and reset events (the same value as notifications,
     * which opens them). Required with PostgreSQL; embedded: `<DATA_DIR>/shared/event-payload.key`.
     */
    EVENT_PAYLOAD_KEY: secret,
    EVENT_PAYLOAD_KEYS_PREVIOUS: secret,
    /** Scales every rate limit; 0 turns them off (load tests only). */
    AUTH_RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0).max(10_000).default(1),
    /** Base URLs of the services the data export asks (`GET /internal/export`); unset: "unavailable". */
    BILLING_URL: serviceUrl,
    CHAT_URL: serviceUrl,
    QUESTIONNAIRE_URL: serviceUrl,
    FILES_URL: serviceUrl,
    NOTIFICATIONS_URL: serviceUrl,
  }),
  ['AUTH_PRIVATE_JWK', 'EVENT_PAYLOAD_KEY'],
);
export type AuthConfig = z.infer<typeof authConfigSchema>;
