import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import type { Request } from 'express';
import { handleProviderEvent } from '../actions/provider-events.ts';
import type { ProviderEvent } from '../adapters/providers/payment-provider.ts';
import type { BillingContext } from '../billing-context.ts';

/** Stripe sends small JSON events; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** The untouched request body: the signature is over these exact bytes. */
export async function readRawBody(req: Request, limit = MAX_WEBHOOK_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type WebhookVerifier = (raw: Buffer, signature: string) => ProviderEvent | null;

/**
 * `POST /api/v1/webhooks/stripe`: verified with `constructEvent` on the raw body (a bad signature is
 * a 400 and changes nothing), then the one handling path. 200 for applied, duplicate and ignored
 * events alike; a failure is a 500, so Stripe retries later.
 */
export function webhookRoutes(
  billing: BillingContext,
  verify: WebhookVerifier | undefined,
): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/webhooks/stripe',
      summary: 'Stripe webhooks (signature-verified; each event applied once)',
      tags: ['webhooks'],
      auth: 'none',
      bodyType: 'raw',
      responses: {
        200: { description: 'Received' },
        400: { description: 'Bad signature or payload' },
        404: { description: 'Stripe is not the payment provider here' },
      },
      handler: async ({ req }) => {
        if (!verify) throw new HttpError(404);
        const signature = req.header('stripe-signature');
        if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header', 'INVALID_SIGNATURE');
        const raw = await readRawBody(req);
        let event: ProviderEvent | null;
        try {
          event = verify(raw, signature);
        } catch {
          throw new HttpError(400, 'Invalid webhook signature or payload', 'INVALID_SIGNATURE');
        }
        if (!event) return { received: true, outcome: 'ignored' };
        const outcome = await handleProviderEvent(billing, event);
        billing.service.log.info({ provider: 'stripe', type: event.type, outcome }, 'webhook handled');
        return { received: true, outcome };
      },
    }),
  ];
}
