import type { ManualClock } from '@innerview/kit/clock';
import type { RateLimiter } from '@innerview/kit/rate-limiter';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { RedisRevocationStore } from '@innerview/kit/tokens/index';
import { exportJWK, generateKeyPair } from 'jose';
import { createAuthRateLimiter } from '../adapters/security/rate-limiter.ts';
import { type AuthHarness, startAuthHarness } from './auth-harness.ts';

export interface IntegrationAuth {
  harness: AuthHarness;
  /** The "gateway"'s own handle on the revocations, as in a distributed deployment. */
  gatewayRevocations: RedisRevocationStore;
  rateLimiter: RateLimiter;
  stop(): Promise<void>;
}

export interface IntegrationAuthOptions {
  /** The fresh database's name begins with it. */
  databaseName: string;
  redisUrl: string;
  /** The revocations' keys begin with it. */
  revocationPrefix: string;
  /** The rate limits' keys begin with it (the service's own prefix by default). */
  rateLimitPrefix?: string;
  /** Token expiries come from the test clock, so the stores measure their time-to-live on it too. */
  clock: ManualClock;
  env?: Record<string, string>;
}

/**
 * Auth as deployed: a fresh PostgreSQL database, its own signing key, in-process jobs, and its
 * revocations and rate limits in the Redis at `redisUrl` (it must be running; without it the test fails).
 */
export async function startIntegrationAuth(options: IntegrationAuthOptions): Promise<IntegrationAuth> {
  const { clock, redisUrl, revocationPrefix: prefix } = options;
  const database = await createTestDatabase(options.databaseName);
  const revocations = new RedisRevocationStore({ url: redisUrl, prefix, clock });
  const gatewayRevocations = new RedisRevocationStore({ url: redisUrl, prefix, clock });
  const rateLimiter = createAuthRateLimiter({ redisUrl, prefix: options.rateLimitPrefix });
  const closeAll = async () => {
    await Promise.all([revocations.close(), gatewayRevocations.close(), rateLimiter.close()]);
    await database.drop();
  };
  try {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const harness = await startAuthHarness({
      env: {
        DATABASE_URL: database.url,
        AUTH_PRIVATE_JWK: JSON.stringify(await exportJWK(pair.privateKey)),
        JOBS: 'memory',
        ...options.env,
      },
      revocations,
      gatewayRevocations,
      rateLimiter,
      clock,
    });
    return {
      harness,
      gatewayRevocations,
      rateLimiter,
      stop: async () => {
        await harness.stop();
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
}
