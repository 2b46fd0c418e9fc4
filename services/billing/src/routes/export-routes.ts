import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import { exportBilling } from '../actions/export.ts';
import type { BillingContext } from '../billing-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); only other services may call it (ADR 43). */
export function exportRoutes(billing: BillingContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: "the person's subscription, its history, payments and payment method, for their data export",
      exportUser: (userId) => exportBilling(billing, userId),
    }),
  ];
}
