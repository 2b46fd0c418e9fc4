import { HttpError, type Tx } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';
import { type SubscriptionRow, stateOf } from '../db/subscriptions.ts';
import type { PaidPlan } from '../domain/plans.ts';
import {
  dropPlanChange,
  type Outcome,
  requestCancellation,
  schedulePlanChange,
  undoCancellation,
} from '../domain/subscription-machine.ts';
import { type CheckoutAnswer, startCheckout } from './checkout.ts';
import { commitChange } from './commit.ts';
import { subscriptionOf } from './load.ts';
import { viaProvider } from './provider-errors.ts';
import { statusOf } from './status.ts';

/** A provider write's idempotency key: the action, the subscription and the row's version. */
function keyFor(action: string, row: SubscriptionRow): string {
  return `${action}:${row.providerSubscriptionId}:${row.version}`;
}

const noSubscription = () => new HttpError(409, 'There is no active subscription.', 'NO_ACTIVE_SUBSCRIPTION');

/**
 * Locks the row, asks the state machine, makes the provider agree, then commits: a refused
 * transition changes nothing anywhere, a provider failure rolls the whole change back.
 */
async function change(
  billing: BillingContext,
  userId: string,
  decide: (row: SubscriptionRow) => {
    outcome: Outcome;
    provider?: (row: SubscriptionRow, tx: Tx) => Promise<void>;
    fields?: Partial<SubscriptionRow>;
  } | null,
): Promise<void> {
  await billing.service.transaction(async (tx, emit) => {
    const row = await subscriptionOf(tx, userId, { lock: true });
    const decision = decide(row);
    if (!decision) return;
    const { outcome } = decision;
    if (!outcome.ok) throw refusal(outcome.reason);
    if (decision.provider) {
      if (!row.providerSubscriptionId) throw noSubscription();
      await viaProvider(billing, outcome.transition, () => decision.provider!(row, tx));
    }
    await commitChange(billing, tx, emit, row, {
      state: outcome.state,
      transitions: [outcome.transition],
      fields: decision.fields,
    });
  });
  await billing.provider.flush();
}

function refusal(reason: string): HttpError {
  switch (reason) {
    case 'same_plan':
      return new HttpError(409, 'This plan is already yours (or already scheduled).', 'SAME_PLAN');
    case 'no_scheduled_change':
      return new HttpError(409, 'No plan change is scheduled.', 'NO_SCHEDULED_CHANGE');
    default:
      return noSubscription();
  }
}

/**
 * `POST /subscriptions/switch/{plan}`: monthly ⇄ yearly at the end of the current period, no charge
 * until then; choosing the current plan withdraws a scheduled change; while cancelling, a new plan
 * starts after the current one expires.
 */
export async function switchPlan(billing: BillingContext, userId: string, plan: PaidPlan) {
  await change(billing, userId, (row) => {
    const state = stateOf(row);
    if (state.status === 'cancelling_at_period_end' && plan === state.plan) {
      return {
        outcome: undoCancellation(state),
        provider: (r, tx) => billing.provider.resume(r.providerSubscriptionId!, keyFor('resume', r), { tx }),
      };
    }
    if (
      (state.status === 'monthly' || state.status === 'yearly') &&
      plan === state.plan &&
      state.scheduledPlan
    ) {
      return {
        outcome: dropPlanChange(state),
        provider: (r, tx) =>
          billing.provider.dropPlanChange(r.providerSubscriptionId!, keyFor('drop-change', r), { tx }),
        fields: { scheduledAmountMinor: null },
      };
    }
    const prices = billing.config.BILLING_PRICES[row.currency ?? 'CHF'];
    return {
      outcome: schedulePlanChange(state, { plan }),
      provider: (r, tx) =>
        billing.provider.schedulePlanChange(r.providerSubscriptionId!, plan, keyFor(`schedule-${plan}`, r), {
          tx,
        }),
      fields: { scheduledAmountMinor: prices?.[plan] ?? null },
    };
  });
  return statusOf(billing, userId);
}

/**
 * `POST /subscriptions/cancel[?reason=…]`: ends at the end of the billing cycle, no refund. Asking
 * again while already cancelling changes nothing and answers the same.
 */
export async function cancelSubscription(billing: BillingContext, userId: string, reason: string | null) {
  const now = billing.service.clock.now();
  await change(billing, userId, (row) => {
    const state = stateOf(row);
    if (state.status === 'cancelling_at_period_end') return null;
    return {
      outcome: requestCancellation(state, { now, reason }),
      provider: (r, tx) =>
        billing.provider.cancelAtPeriodEnd(r.providerSubscriptionId!, reason, keyFor('cancel', r), { tx }),
      fields: { scheduledAmountMinor: null },
    };
  });
  return statusOf(billing, userId);
}

/**
 * `POST /subscriptions/reactivate`: before the period ends the cancellation is withdrawn (nothing
 * charged now); within 90 days after it ended, the same plan is paid again through a checkout
 * (answer carries `url`). The account and its data were never touched in between.
 */
export async function reactivate(
  billing: BillingContext,
  userId: string,
): Promise<{ status: Awaited<ReturnType<typeof statusOf>>; checkout: CheckoutAnswer | null }> {
  const now = billing.service.clock.now();
  const row = await subscriptionOf(billing.service.db, userId);
  const state = stateOf(row);
  if (state.status === 'expired' && state.expiredReason === 'reactivation_window_closed')
    throw new HttpError(
      409,
      'The 90-day reactivation window has closed. Please choose a plan.',
      'REACTIVATION_WINDOW_CLOSED',
    );
  if (
    state.status !== 'cancelled' &&
    state.status !== 'cancelling_at_period_end' &&
    state.status !== 'monthly' &&
    state.status !== 'yearly'
  )
    throw new HttpError(409, 'There is no cancelled subscription to reactivate.', 'NOTHING_TO_REACTIVATE');
  if (state.status === 'cancelled') {
    if (
      !state.reactivateUntil ||
      now >= state.reactivateUntil ||
      (state.plan !== 'monthly' && state.plan !== 'yearly')
    )
      throw new HttpError(
        409,
        'The 90-day reactivation window has closed. Please choose a plan.',
        'REACTIVATION_WINDOW_CLOSED',
      );
    const checkout = await startCheckout(billing, userId, state.plan, {
      currency: row.currency ?? undefined,
    });
    return { status: await statusOf(billing, userId), checkout };
  }
  await change(billing, userId, (locked) => {
    const current = stateOf(locked);
    if (current.status === 'monthly' || current.status === 'yearly') return null;
    if (current.status !== 'cancelling_at_period_end')
      return { outcome: { ok: false, transition: 'undoCancellation', reason: 'wrong_status' } };
    return {
      outcome: undoCancellation(current),
      provider: (r, tx) => billing.provider.resume(r.providerSubscriptionId!, keyFor('resume', r), { tx }),
    };
  });
  return { status: await statusOf(billing, userId), checkout: null };
}
