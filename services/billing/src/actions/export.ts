import type { BillingContext } from '../billing-context.ts';
import { listHistory, listPayments } from '../db/history.ts';
import { findSubscription, stateOf } from '../db/subscriptions.ts';
import { displayOf } from './status.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * The person's billing data for their export (ADR 17): the subscription as the settings page shows
 * it, every transition it went through, the payments the provider reported, and the payment method
 * as type, brand and last four digits (billing never sees more of a card). No provider ids, no
 * idempotency keys, no mail facts beyond what auth's section already gives.
 */
export async function exportBilling(
  billing: BillingContext,
  userId: string,
): Promise<Record<string, unknown>> {
  const db = billing.service.db;
  const [row, history, payments] = await Promise.all([
    findSubscription(db, userId),
    listHistory(db, userId),
    listPayments(db, userId),
  ]);
  const state = row ? stateOf(row) : undefined;
  const shown = row ? displayOf(billing, row) : undefined;
  return {
    subscription:
      row && state && shown
        ? {
            status: state.status,
            plan: state.plan,
            period_start: iso(state.currentPeriodStart),
            period_end: iso(state.currentPeriodEnd),
            access_until: shown.access_until,
            cancel_at_period_end: state.status === 'cancelling_at_period_end',
            cancellation_requested_at: iso(state.cancelRequestedAt),
            cancellation_reason: state.cancellationReason,
            scheduled_plan: state.scheduledPlan,
            trial_started_at: iso(state.trialStartedAt),
            trial_end: iso(state.trialEndsAt),
            trial_tokens_remaining: state.status === 'freemium' ? state.trialTokensRemaining : null,
            ended_at: iso(state.endedAt),
            reactivate_until: iso(state.reactivateUntil),
            past_due_since: iso(state.pastDueSince),
            amount_minor: shown.amount_minor,
            currency: row.currency,
            payment_provider: row.provider,
            created_at: row.createdAt.toISOString(),
          }
        : null,
    payment_method: row?.paymentMethodType
      ? { type: row.paymentMethodType, brand: row.paymentMethodBrand, last4: row.paymentMethodLast4 }
      : null,
    history: history.map((entry) => ({
      at: entry.at.toISOString(),
      transition: entry.transition,
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      plan: entry.plan,
    })),
    payments: payments.map((payment) => ({
      at: payment.createdAt.toISOString(),
      status: payment.status,
      plan: payment.plan,
      amount_minor: payment.amountMinor,
      currency: payment.currency,
    })),
  };
}
