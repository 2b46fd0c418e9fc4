import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import { deleteSubscription, saveSubscription } from '../db/push-subscriptions.ts';
import type { PushContext } from '../push-context.ts';

const base64url = (bytes: number, first?: number) =>
  z.string().refine((v) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return false;
    const raw = Buffer.from(v, 'base64url');
    return raw.length === bytes && (first === undefined || raw[0] === first);
  }, `must be ${bytes} bytes in base64url`);

/** The browser's `PushSubscription.toJSON()`. */
const SubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65, 0x04), auth: base64url(16) }),
});
const EndpointBody = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });
const PublicKey = z.object({ public_key: z.string() });
const Saved = z.object({ created: z.boolean() });

/**
 * docs/product.md#reminders: the VAPID public key the browser subscribes with, and the device's
 * subscription kept or forgotten. A push service is reached over https; the one http:// origin
 * accepted is embedded mode's local stand-in (on loopback), and only while it runs.
 */
export function pushRoutes(push: PushContext): RouteDefinition[] {
  const checkEndpoint = (endpoint: string) => {
    const { protocol, origin } = new URL(endpoint);
    if (protocol === 'https:' || (push.localService && origin === push.localService.url)) return;
    throw new HttpError(
      422,
      [{ loc: ['body', 'endpoint'], msg: 'must be an https:// push service', type: 'custom' }],
      'VALIDATION_ERROR',
    );
  };
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/push/key',
      summary: 'The VAPID public key to subscribe to push messages with',
      auth: 'none',
      responses: { 200: { description: 'The key, base64url', schema: PublicKey } },
      handler: async () => ({ public_key: push.vapid.publicKey }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/push/subscriptions',
      summary: "Keep this device's push subscription for the caller's reminders",
      body: SubscriptionBody,
      responses: {
        201: { description: 'Kept; `created` is false when the caller had it already', schema: Saved },
        422: { description: 'Not a push subscription, or not an https:// push service' },
      },
      status: 201,
      handler: async ({ body, userId }) => {
        checkEndpoint(body.endpoint);
        const created = await saveSubscription(push, userId, { endpoint: body.endpoint, keys: body.keys });
        if (created) push.metrics.subscriptions.inc({ change: 'added' });
        return { created };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/push/subscriptions',
      summary: "Forget this device's push subscription (by its endpoint)",
      body: EndpointBody,
      responses: {
        204: { description: 'Forgotten' },
        404: { description: 'The caller has no subscription with this endpoint' },
      },
      handler: async ({ body, userId }) => {
        if (!(await deleteSubscription(push.service.db, userId, body.endpoint))) throw new HttpError(404);
        push.metrics.subscriptions.inc({ change: 'removed' });
      },
    }),
  ];
}
