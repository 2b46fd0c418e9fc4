import { randomUUID } from 'node:crypto';
import { ManualClock } from '@innerview/kit/clock';
import { eventually } from '@innerview/kit/testing/eventually';
import { type OwnRedis, startOwnRedis } from '@innerview/kit/testing/redis-server';
import { testSigningKey } from '@innerview/kit/testing/signed-calls';
import {
  askAuthIfRevoked,
  createTokenVerifier,
  TokenCheckUnavailableError,
  withRevocationFallback,
} from '@innerview/kit/tokens/index';
import { signCall } from '@innerview/kit/trust';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthHarness } from './testing/auth-harness.ts';
import { type IntegrationAuth, startIntegrationAuth } from './testing/integration-setup.ts';

// Auth on the real PostgreSQL with its revocation cache and rate limits on a PRIVATE redis-server,
// which is killed and started again EMPTY (ADR 38): a revoked token must never work again, logins
// must not turn into 500s while Redis is away, and auth stays ready.

let auth: IntegrationAuth;
let h: AuthHarness;
let redis: OwnRedis;
const clock = new ManualClock('2026-05-01T10:00:00.000Z');

beforeAll(async () => {
  redis = await startOwnRedis();
  auth = await startIntegrationAuth({
    databaseName: 'iv_auth_reset',
    redisUrl: redis.url,
    revocationPrefix: `test:${randomUUID()}:revoked:`,
    clock,
    // The real limits, not the tests' usual multiple: the fail-open path is what is checked.
    env: { AUTH_RATE_LIMIT_MULTIPLIER: '1' },
  });
  h = auth.harness;
});

afterAll(async () => {
  await auth?.stop();
  await redis?.stop();
});

/** What the gateway would do with the token: an identity, a refusal (401) or "cannot tell" (503). */
async function gatewaySees(token: string): Promise<'accepted' | 'refused' | 'unavailable'> {
  try {
    return (await h.asGateway(token)) ? 'accepted' : 'refused';
  } catch (error) {
    if (error instanceof TokenCheckUnavailableError) return 'unavailable';
    throw error;
  }
}

/** Asks as the gateway until the token is refused; the answers seen on the way, in order. */
async function seenUntilRefused(token: string, timeoutMs = 15_000): Promise<string[]> {
  const seen: string[] = [];
  await eventually(
    async () => {
      const answer = await gatewaySees(token);
      if (seen.at(-1) !== answer) seen.push(answer);
      return answer === 'refused';
    },
    { timeoutMs, what: 'the token refused' },
  ).catch((error: Error) => {
    throw new Error(`${error.message}; seen: ${seen.join(', ')}`);
  });
  return seen;
}

describe('auth when its Redis dies and comes back empty', () => {
  it('keeps a revoked token refused, lets people sign in meanwhile, and stays ready', async () => {
    const gone = await h.signedIn();
    const kept = await h.signedIn();
    expect((await h.post('/api/v1/login/logout', undefined, gone.headers)).status).toBe(200);
    expect(await gatewaySees(gone.token)).toBe('refused');
    expect(await gatewaySees(kept.token)).toBe('accepted');

    await redis.kill();
    // Without Redis nothing can be told apart: the gateway answers 503, never lets the token through.
    expect(await gatewaySees(gone.token)).toBe('unavailable');
    // Signing in goes on (rate limits fail open; the lockout is in the database), and no 500.
    const login = await h.login(kept.email, kept.password);
    expect(login.status).toBe(200);
    const wrong = await h.login(kept.email, 'Wrong-password-1');
    expect(wrong.status).toBe(401);
    // Logout cannot be recorded in the cache the gateway reads: a 503 to retry, and nothing changed.
    const logout = await h.post('/api/v1/login/logout', undefined, kept.headers);
    expect(logout.status).toBe(503);
    expect(await logout.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.revocations).toMatchObject({ ok: false, optional: true });

    await redis.restart();
    // The emptied cache is refilled from the database by auth; until then "cannot tell", never "accepted".
    expect(await seenUntilRefused(gone.token)).not.toContain('accepted');
    expect(await gatewaySees(kept.token)).toBe('accepted');
    // A logout after the reset is refused as well, and its user's other sessions are untouched.
    expect((await h.post('/api/v1/login/logout', undefined, kept.headers)).status).toBe(200);
    expect(await gatewaySees(kept.token)).toBe('refused');
  });

  it('refuses, rather than accepts, while the cache is emptied and auth has not refilled it yet', async () => {
    const gone = await h.signedIn();
    expect((await h.post('/api/v1/login/logout', undefined, gone.headers)).status).toBe(200);
    // Emptied behind auth's back (our own server: nobody else's data), checked at once and on.
    const admin = new Redis(redis.url);
    try {
      await admin.flushall();
    } finally {
      await admin.quit();
    }
    expect(await seenUntilRefused(gone.token)).not.toContain('accepted');
  });

  it("asks auth's database when the cache cannot answer: signed-in people go on, a revoked token stays refused", async () => {
    const gone = await h.signedIn();
    const kept = await h.signedIn();
    expect((await h.post('/api/v1/login/logout', undefined, gone.headers)).status).toBe(200);
    // The gateway's reader in distributed mode (gateway/src/token-check.ts): Redis, then auth.
    const gateway = createTokenVerifier({
      jwks: `${h.url}/.well-known/jwks.json`,
      revocations: withRevocationFallback({
        primary: auth.gatewayRevocations,
        durable: (sessionId) => askAuthIfRevoked(h.url, testSigningKey, sessionId),
      }),
      clock,
    });
    await redis.kill();
    try {
      expect(await gateway.verify(`Bearer ${kept.token}`)).toMatchObject({ userId: kept.userId });
      expect(await gateway.verify(`Bearer ${gone.token}`)).toBeNull();
    } finally {
      await redis.restart();
    }
    // Back empty: refilled from the database before the next test signs anyone in.
    expect(await seenUntilRefused(gone.token)).not.toContain('accepted');
  });

  it('answers the revocation question to the gateway alone', async () => {
    const person = await h.signedIn();
    const sid = String(decodeJwt(person.token).sid);
    const path = `/internal/sessions/${sid}/revoked`;
    const ask = (headers: Record<string, string>) => fetch(`${h.url}${path}`, { headers });
    const asGateway = await ask(signCall(testSigningKey, { caller: 'gateway', method: 'GET', path }));
    expect(await asGateway.json()).toEqual({ revoked: false });
    // A browser's call forwarded by the gateway carries a user; another service is not the gateway.
    const forwarded = signCall(testSigningKey, {
      caller: 'gateway',
      method: 'GET',
      path,
      userId: person.userId,
    });
    expect((await ask(forwarded)).status).toBe(403);
    expect((await ask(signCall(testSigningKey, { caller: 'chat', method: 'GET', path }))).status).toBe(403);
    expect((await ask({})).status).toBe(401);
  });
});
