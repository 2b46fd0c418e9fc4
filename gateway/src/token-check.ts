import type { Logger } from '@innerview/kit/logger';
import {
  askAuthIfRevoked,
  createRevocationStore,
  createTokenVerifier,
  withRevocationFallback,
} from '@innerview/kit/tokens/index';
import type { Authenticate } from './options.ts';

export interface TokenCheck {
  authenticate: Authenticate;
  close(): Promise<void>;
}

export interface TokenCheckOptions {
  authUrl: string;
  redisUrl?: string;
  /** The gateway's signing key: with it, a revocation store that cannot answer is backed by auth. */
  signingKey?: string;
  logger?: Pick<Logger, 'warn'>;
  /** Time-out of one call to auth's durable revocation answer. */
  durableTimeoutMs?: number;
}

/**
 * Access tokens checked against the auth service's JWKS and the shared revocation store (Redis in
 * distributed mode, where auth writes the revocations). When the store cannot answer (Redis down,
 * or back empty and not yet refilled), auth's database answers instead, over a signed call: a Redis
 * outage costs a round trip per request, not every signed-in request. A missing, bad, expired or
 * revoked token yields no user; unreachable keys, or store and auth both unreachable, make the hook
 * throw, which the gateway answers with 503.
 */
export function createTokenCheck(options: TokenCheckOptions): TokenCheck {
  const store = createRevocationStore({ redisUrl: options.redisUrl });
  const signingKey = options.signingKey;
  let lastWarning = 0;
  const revocations = signingKey
    ? withRevocationFallback({
        primary: store,
        durable: (sessionId) =>
          askAuthIfRevoked(options.authUrl, signingKey, sessionId, options.durableTimeoutMs),
        onFallback: (error) => {
          if (Date.now() - lastWarning < 10_000) return;
          lastWarning = Date.now();
          options.logger?.warn(
            { err: { name: (error as Error)?.name } },
            'revocation store unavailable; asking auth for revocations',
          );
        },
      })
    : store;
  const verifier = createTokenVerifier({
    jwks: new URL('/.well-known/jwks.json', options.authUrl),
    revocations,
  });
  return {
    authenticate: (req) => verifier.verify(req.headers.authorization),
    close: () => store.close(),
  };
}
