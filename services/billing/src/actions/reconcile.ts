import type { BillingContext } from '../billing-context.ts';
import { findSubscription, lockSubscription } from '../db/subscriptions.ts';
import { applySnapshot } from './provider-events.ts';

/**
 * Re-reads one user's provider subscription and applies it, as an event would. `settle`: our clock
 * says the period ended, so the provider is asked to settle it first (the local provider renews,
 * cancels or switches plan and sends its events; Stripe does that by itself). True when it changed.
 */
export async function reconcileSubscription(
  billing: BillingContext,
  userId: string,
  options: { settle?: boolean } = {},
): Promise<boolean> {
  const { service, provider } = billing;
  const before = await findSubscription(service.db, userId);
  if (!before?.providerSubscriptionId) return false;
  if (options.settle) await provider.settlePeriodEnd(before.providerSubscriptionId, service.clock.now());
  return service.transaction(async (tx, emit) => {
    const row = await lockSubscription(tx, userId);
    if (!row?.providerSubscriptionId) return false;
    const snapshot = await provider.retrieveSubscription(row.providerSubscriptionId, { tx });
    if (!snapshot) return false;
    const applied = await applySnapshot(billing, tx, emit, row, snapshot);
    return applied.row.version !== before.version;
  });
}
