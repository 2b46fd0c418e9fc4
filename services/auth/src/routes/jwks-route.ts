import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import { jwksOf } from '../adapters/security/signing-keys.ts';
import type { AuthContext } from '../auth-context.ts';

/**
 * The public signing keys, on the service root (not under /api/v1, so the gateway never routes a
 * browser here): the gateway and services fetch it from the auth upstream to verify tokens.
 */
export function jwksRoute(auth: AuthContext): RouteDefinition {
  return defineRoute({
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: 'Internal: the JWKS that access tokens are verified with',
    tags: ['internal'],
    auth: 'none',
    responses: {
      200: {
        description: 'JSON Web Key Set',
        schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
      },
    },
    handler: async ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      return jwksOf(await auth.signingKey());
    },
  });
}
