import { createRevocationStore, createTokenVerifier } from '@innerview/kit/tokens/index';
import type { Authenticate } from './options.ts';

export interface TokenCheck {
  authenticate: Authenticate;
  close(): Promise<void>;
}

/**
 * Access tokens checked against the auth service's JWKS and the shared revocation store (Redis in
 * distributed mode, where auth writes the revocations). A missing, bad, expired or revoked token
 * yields no user; unreachable keys or store make the hook throw, which the gateway answers with 503.
 */
export function createTokenCheck(options: { authUrl: string; redisUrl?: string }): TokenCheck {
  const revocations = createRevocationStore({ redisUrl: options.redisUrl });
  const verifier = createTokenVerifier({
    jwks: new URL('/.well-known/jwks.json', options.authUrl),
    revocations,
  });
  return {
    authenticate: (req) => verifier.verify(req.headers.authorization),
    close: () => revocations.close(),
  };
}
