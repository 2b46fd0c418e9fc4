import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import {
  ACCESS_TOKEN_ALGORITHMS,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type VerifiedToken,
} from './claims.ts';
import type { RevocationStore } from './revocation-store.ts';

/**
 * Raised when a token cannot be checked at all (no signing keys reachable, revocation store down),
 * as opposed to a token that is checked and refused (`verify` resolves null). A caller should
 * answer 503 rather than 401, so a client does not drop a good session over an outage.
 */
export class TokenCheckUnavailableError extends Error {
  override name = 'TokenCheckUnavailableError';
}

export interface TokenVerifierOptions {
  /** The auth service's JWKS URL (`http://auth…/.well-known/jwks.json`) or a loader of the key set. */
  jwks: string | URL | (() => Promise<JSONWebKeySet>);
  revocations: Pick<RevocationStore, 'isRevoked'>;
  issuer?: string;
  audience?: string;
  /** Injectable for tests of expiry. */
  clock?: Clock;
  /** How long a fetched key set is used before it is fetched again; default 10 minutes. */
  cacheMaxAgeMs?: number;
  /** Least time between two fetches forced by an unknown key id; default 30 s. */
  cooldownMs?: number;
  /** Time-out of one JWKS fetch over HTTP; default 5 s. */
  fetchTimeoutMs?: number;
}

export interface TokenVerifier {
  /**
   * `Bearer <jwt>` (an Authorization header) or the bare token → its user and session, or null when
   * it is missing, malformed, wrongly signed, expired, for another issuer or audience, or revoked.
   * Rejects with `TokenCheckUnavailableError` when the keys or the revocation store cannot answer.
   */
  verify(bearer: string | null | undefined): Promise<VerifiedToken | null>;
}

const MAX_TOKEN_LENGTH = 4096;

function loaderFor(jwks: TokenVerifierOptions['jwks'], timeoutMs: number): () => Promise<JSONWebKeySet> {
  if (typeof jwks === 'function') return jwks;
  const url = String(jwks);
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const body = (await response.json()) as JSONWebKeySet;
    if (!body || !Array.isArray(body.keys)) throw new Error('JWKS is not a key set');
    return body;
  };
}

/** Extracts the token from `Bearer <jwt>` or a bare JWT; null when there is none. */
export function bearerToken(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const match = /^bearer\s+(.+)$/i.exec(trimmed);
  const token = match ? match[1]!.trim() : trimmed;
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
}

/** Verifies access tokens against the auth service's keys and the revocation store. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const load = loaderFor(options.jwks, options.fetchTimeoutMs ?? 5000);
  const clock = options.clock ?? systemClock;
  const maxAge = options.cacheMaxAgeMs ?? 10 * 60_000;
  const cooldown = options.cooldownMs ?? 30_000;
  const issuer = options.issuer ?? ACCESS_TOKEN_ISSUER;
  const audience = options.audience ?? ACCESS_TOKEN_AUDIENCE;

  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt = 0;
  let inFlight: Promise<void> | undefined;

  // One fetch at a time; a failed refresh keeps the keys already held (auth restarting is no outage).
  const refresh = (): Promise<void> => {
    inFlight ??= (async () => {
      try {
        const set = await load();
        keys = createLocalJWKSet(set);
        fetchedAt = Date.now();
      } catch (err) {
        if (!keys)
          throw new TokenCheckUnavailableError(`signing keys unavailable: ${(err as Error).message}`);
        // Stale keys are better than none; try again after the cooldown.
        fetchedAt = Date.now() - maxAge + cooldown;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const currentKeys = async () => {
    if (!keys || Date.now() - fetchedAt > maxAge) await refresh();
    return keys!;
  };

  const check = async (token: string) => {
    const verifyWith = async (keySet: Awaited<ReturnType<typeof currentKeys>>) =>
      jwtVerify(token, keySet, {
        issuer,
        audience,
        algorithms: [...ACCESS_TOKEN_ALGORITHMS],
        currentDate: clock.now(),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
    try {
      return await verifyWith(await currentKeys());
    } catch (err) {
      // A key id we do not know yet: auth may have rotated its key. Fetch again, at most per cooldown.
      if (err instanceof errors.JWKSNoMatchingKey && Date.now() - fetchedAt > cooldown) {
        await refresh();
        return verifyWith(keys!);
      }
      throw err;
    }
  };

  return {
    async verify(bearer) {
      const token = bearerToken(bearer);
      if (!token) return null;
      let payload: Awaited<ReturnType<typeof check>>['payload'];
      try {
        ({ payload } = await check(token));
      } catch (err) {
        if (err instanceof TokenCheckUnavailableError) throw err;
        return null;
      }
      const { sub, sid } = payload;
      if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '') return null;
      let revoked: boolean;
      try {
        revoked = await options.revocations.isRevoked(sid);
      } catch (err) {
        throw new TokenCheckUnavailableError(`revocation store unavailable: ${(err as Error).message}`);
      }
      return revoked ? null : { userId: sub, sessionId: sid };
    },
  };
}
