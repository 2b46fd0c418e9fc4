import type { RouteDefinition } from '@innerview/kit';
import type { BillingWiring } from '../billing-context.ts';
import { exportRoutes } from './export-routes.ts';
import { localCheckoutRoutes } from './local-checkout-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Every HTTP route of the billing service. */
export function routes(wiring: BillingWiring): RouteDefinition[] {
  return [
    ...subscriptionRoutes(wiring.billing),
    ...(wiring.local ? localCheckoutRoutes(wiring.billing, wiring.local) : []),
    ...webhookRoutes(wiring.billing, wiring.verifyStripeWebhook),
    ...exportRoutes(wiring.billing),
  ];
}
