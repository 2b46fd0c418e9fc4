import { CHAT_SESSION_CHECK_PATH } from '@innerview/contracts/chat';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { findSessionOf } from '../actions/sessions.ts';
import type { ChatContext } from '../chat-context.ts';
import { SessionIdParams } from './schemas.ts';

/**
 * Service-to-service calls (outside `/api/v1`: the gateway never routes a browser here; only a
 * call another service signed reaches them, ADR 43).
 */
export function internalRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: CHAT_SESSION_CHECK_PATH,
      summary:
        'For the files service: 204 when the session is the signed-for person’s and not deleted; ' +
        "404 for another person's, a deleted, an unknown or a malformed id alike",
      tags: ['internal'],
      auth: 'service',
      params: SessionIdParams,
      status: 204,
      responses: {
        204: { description: "The person's session" },
        401: { description: 'Not signed by a service, or names nobody' },
        403: { description: 'Signed by the gateway' },
        404: { description: 'Not a session of this person' },
      },
      handler: async ({ userId, params, res }) => {
        if (!userId) throw new HttpError(401);
        res.setHeader('Cache-Control', 'no-store');
        if (!(await findSessionOf(chat, userId, params.id))) throw new HttpError(404);
        return undefined;
      },
    }),
  ];
}
