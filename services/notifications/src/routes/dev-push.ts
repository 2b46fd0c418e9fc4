import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import type { PushContext } from '../push-context.ts';

/**
 * `GET /dev/push-service` (embedded dev tools, like the mailbox): where the local stand-in push
 * service listens, so a browser test can make a device there and read what it received.
 */
export function devPushRoutes(push: PushContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/dev/push-service',
      summary: 'The local stand-in push service (embedded mode only)',
      auth: 'none',
      responses: { 200: { description: 'Its origin', schema: z.object({ url: z.string().nullable() }) } },
      handler: async () => ({ url: push.localService?.url ?? null }),
    }),
  ];
}
