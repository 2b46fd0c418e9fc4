import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { findSession } from '../db/sessions.ts';

/**
 * The durable answer to "is this session revoked?", for the gateway when its revocation store
 * (Redis) cannot answer: without it every signed-in request was a 503 for as long as Redis was
 * away. Only the gateway's own signed call reaches it (never a browser: the gateway forwards
 * `/api/v1` only). A session auth does not know (erased with its account) counts as revoked.
 */
export function revocationRoute(auth: AuthContext): RouteDefinition {
  return defineRoute({
    method: 'get',
    path: '/internal/sessions/:id/revoked',
    summary: 'Internal, for the gateway: whether a session was revoked (its database, not the cache)',
    tags: ['internal'],
    auth: 'gateway',
    params: z.object({ id: z.string().uuid() }),
    responses: {
      200: { description: 'The verdict', schema: z.object({ revoked: z.boolean() }) },
      403: { description: 'Not the gateway' },
    },
    handler: async ({ params }) => {
      const session = await findSession(auth.service.db, params.id);
      return { revoked: !session || session.revokedAt !== null };
    },
  });
}
