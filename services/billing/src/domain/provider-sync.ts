import type { PaidPlan } from './plans.ts';
import {
  dropPlanChange,
  endCancelledPeriod,
  failRenewal,
  type Outcome,
  reactivateAfterEnd,
  recoverPayment,
  renewPeriod,
  requestCancellation,
  schedulePlanChange,
  startPaidPlan,
  type TransitionName,
  terminateForNonPayment,
  undoCancellation,
} from './subscription-machine.ts';
import type { SubscriptionState } from './subscription-state.ts';

/**
 * A payment provider's subscription as it is now, in provider-neutral terms (the Stripe adapter and
 * the local provider both produce it). Provider events are only triggers: the handler re-reads this
 * snapshot, so duplicate and out-of-order deliveries all converge on the same state.
 */
export interface ProviderSnapshot {
  subscriptionId: string;
  customerId: string;
  /** `pending`: checkout not finished (Stripe incomplete), nothing to apply yet. */
  status: 'active' | 'past_due' | 'canceled' | 'pending';
  plan: PaidPlan;
  currency: string;
  amountMinor: number;
  /** The day renewals fall on (Stripe's billing_cycle_anchor). */
  billingAnchor: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When the person (or the portal) asked to cancel. */
  cancelRequestedAt: Date | null;
  endedAt: Date | null;
  endReason: 'cancelled' | 'non_payment' | null;
  /** The plan of the next phase (a scheduled change), if any. */
  scheduledPlan: PaidPlan | null;
  paymentMethod: { type: string; brand: string | null; last4: string | null } | null;
}

export interface SyncResult {
  state: SubscriptionState;
  /** The named transitions that explain the difference, in order (empty: nothing changed). */
  transitions: TransitionName[];
  /**
   * The snapshot is a second running subscription next to the one the person already has (two
   * checkouts paid at once): the caller cancels it at the provider rather than apply it.
   */
  duplicate: boolean;
}

/**
 * Brings `state` in line with the provider's `snapshot` through the named transitions, so that every
 * change (and its events and mails) has a name even when intermediate webhooks were lost.
 * `isCurrent`: the snapshot is the subscription the state already follows.
 */
export function syncWithProvider(
  state: SubscriptionState,
  snapshot: ProviderSnapshot,
  context: { now: Date; isCurrent: boolean; graceDays: number },
): SyncResult {
  let s = state;
  const transitions: TransitionName[] = [];
  const apply = (outcome: Outcome): boolean => {
    if (!outcome.ok) return false;
    s = outcome.state;
    transitions.push(outcome.transition);
    return true;
  };
  const result = (duplicate = false): SyncResult => ({ state: s, transitions, duplicate });
  if (snapshot.status === 'pending') return result();
  const period = {
    periodStart: snapshot.currentPeriodStart,
    periodEnd: snapshot.currentPeriodEnd,
    plan: snapshot.plan,
  };

  if (!context.isCurrent) {
    // An old subscription that ended says nothing about the current one.
    if (snapshot.status === 'canceled') return result();
    const run = {
      plan: snapshot.plan,
      paidAt: snapshot.billingAnchor,
      periodStart: snapshot.billingAnchor,
      periodEnd: snapshot.currentPeriodEnd,
    };
    const started = s.status === 'cancelled' ? reactivateAfterEnd(s, run) : startPaidPlan(s, run);
    if (!apply(started)) return result(!started.ok && started.reason === 'wrong_status' && isRunning(s));
    s = { ...s, currentPeriodStart: snapshot.currentPeriodStart };
  }

  if (snapshot.status === 'canceled') {
    if (snapshot.endReason === 'non_payment' || s.status === 'past_due') {
      apply(terminateForNonPayment(s, { endedAt: snapshot.endedAt ?? context.now }));
      return result();
    }
    if (s.status === 'monthly' || s.status === 'yearly')
      apply(requestCancellation(s, { now: snapshot.cancelRequestedAt ?? context.now }));
    apply(endCancelledPeriod(s, { now: context.now, endedAt: snapshot.endedAt ?? undefined }));
    return result();
  }

  const periodMoved = !!s.currentPeriodEnd && snapshot.currentPeriodStart >= s.currentPeriodEnd;
  if (periodMoved) {
    // The provider renewed: a cancellation must have been withdrawn, an old debt settled.
    if (s.status === 'cancelling_at_period_end') apply(undoCancellation(s));
    if (s.status === 'past_due') apply(recoverPayment(s));
    if (snapshot.status === 'past_due')
      apply(failRenewal(s, { ...period, now: context.now, graceDays: context.graceDays }));
    else apply(renewPeriod(s, period));
  }
  if (s.status === 'past_due' && snapshot.status === 'active') apply(recoverPayment(s));
  if ((s.status === 'monthly' || s.status === 'yearly') && snapshot.status === 'past_due')
    apply(failRenewal(s, { ...period, now: context.now, graceDays: context.graceDays }));

  if (snapshot.cancelAtPeriodEnd && (s.status === 'monthly' || s.status === 'yearly'))
    apply(requestCancellation(s, { now: snapshot.cancelRequestedAt ?? context.now }));
  if (!snapshot.cancelAtPeriodEnd && s.status === 'cancelling_at_period_end') {
    if (snapshot.scheduledPlan && snapshot.scheduledPlan !== s.plan)
      apply(schedulePlanChange(s, { plan: snapshot.scheduledPlan }));
    else apply(undoCancellation(s));
  }

  if ((s.status === 'monthly' || s.status === 'yearly') && snapshot.scheduledPlan !== s.scheduledPlan) {
    if (snapshot.scheduledPlan && snapshot.scheduledPlan !== s.plan)
      apply(schedulePlanChange(s, { plan: snapshot.scheduledPlan }));
    else if (s.scheduledPlan) apply(dropPlanChange(s));
  }
  return result();
}

function isRunning(state: SubscriptionState): boolean {
  return (
    state.status === 'monthly' ||
    state.status === 'yearly' ||
    state.status === 'cancelling_at_period_end' ||
    state.status === 'past_due'
  );
}
