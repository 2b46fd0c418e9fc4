import path from 'node:path';
import { serviceEventPayloadKeys } from '@innerview/crypto';
import { defineService } from '@innerview/kit';
import type { RateLimiter } from '@innerview/kit/rate-limiter';
import { createRevocationStore, type RevocationStore } from '@innerview/kit/tokens/index';
import type { JWK } from 'jose';
import { createAuthRateLimiter } from './adapters/security/rate-limiter.ts';
import { loadSigningKey, type SigningKey } from './adapters/security/signing-keys.ts';
import type { AuthContext, AuthServiceContext, ExportServiceUrls } from './auth-context.ts';
import { authConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

export interface AuthServiceOptions {
  /**
   * Where revoked sessions go. Embedded: pass the one memory store the gateway's verifier also
   * reads. Otherwise built from `REDIS_URL` (Redis) or, without it, a private memory store.
   */
  revocations?: RevocationStore;
  /** Login, recovery and resend counters; built from `REDIS_URL` (or memory) when absent. */
  rateLimiter?: RateLimiter;
  /**
   * Where the other services are, for the data export. Embedded runs start them after auth on free
   * ports, so the runner passes a function read at request time; otherwise `<SERVICE>_URL` settings.
   */
  serviceUrls?: () => ExportServiceUrls;
}

function configuredServiceUrls(config: AuthServiceContext['config']): ExportServiceUrls {
  return {
    billing: config.BILLING_URL,
    chat: config.CHAT_URL,
    questionnaire: config.QUESTIONNAIRE_URL,
    files: config.FILES_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/** Which signing key this run uses; a replica set must share one, so PostgreSQL requires it configured. */
function signingKeySource(ctx: AuthServiceContext) {
  const { AUTH_PRIVATE_JWK, DATABASE_URL, DATA_DIR } = ctx.config;
  if (AUTH_PRIVATE_JWK) return { privateJwk: AUTH_PRIVATE_JWK as JWK };
  // memory:// is a throw-away run (tests): its key lives as long as the process.
  return { keysDir: DATABASE_URL === 'memory://' ? undefined : path.join(DATA_DIR, 'auth', 'keys') };
}

/**
 * The auth service: users, sign-up, e-mail verification, login and lockout, tokens and their
 * revocation, passwords, profile, settings, onboarding status.
 */
export function createAuthService(options: AuthServiceOptions = {}) {
  return defineService({
    name: 'auth',
    defaultPort: 8101,
    configSchema: authConfigSchema,
    migrationsFolder,
    context: (service): AuthContext => {
      const source = signingKeySource(service);
      // Seals one-time tokens in events; replicas and notifications share it.
      const eventPayloadKeys = serviceEventPayloadKeys(service);
      let key: Promise<SigningKey> | undefined;
      return {
        service,
        revocations:
          options.revocations ??
          createRevocationStore({ redisUrl: service.config.REDIS_URL, clock: service.clock }),
        limiter:
          options.rateLimiter ??
          createAuthRateLimiter({ redisUrl: service.config.REDIS_URL, log: service.log }),
        eventPayloadKeys,
        signingKey: () => {
          key ??= loadSigningKey(source);
          return key;
        },
        serviceUrls: () => ({ ...configuredServiceUrls(service.config), ...options.serviceUrls?.() }),
      };
    },
    routes,
    subscriptions,
    jobs: registerJobs,
    // Without Redis auth still signs people in (rate limits fail open, the lockout is in the
    // database); logout answers 503 until the revocation cache is back (ADR 38).
    optionalReadiness: (auth) => ({
      revocations: () => auth.revocations.ping(),
      rateLimits: () => auth.limiter.ping(),
    }),
  });
}

/** The standalone service (its own revocation store from `REDIS_URL`). */
export const authService = createAuthService();
