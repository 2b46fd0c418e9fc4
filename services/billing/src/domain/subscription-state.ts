import type { ExpiredReason } from '@innerview/contracts/billing';
import type { PaidPlan, Plan, SubscriptionStatus } from './plans.ts';

/** Why an account is locked in `expired`: what the screens say and what undoes it. */
export type { ExpiredReason };

/**
 * Everything the subscription rules (docs/product.md#how-things-change-over-time) decide on, for one user. Pure data: the state
 * machine (`subscription-machine.ts`) maps one state to the next; the database row stores it.
 */
export interface SubscriptionState {
  /** Null until the person chooses the trial or a plan (post-login routing sends them to /pricing). */
  status: SubscriptionStatus | null;
  /** The plan being used now (or last used, once cancelled or expired). */
  plan: Plan | null;
  /** The free trial can be started once per person, ever. */
  trialUsed: boolean;
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  /** Trial quota left, in model tokens as counted by the chat service. */
  trialTokensRemaining: number;
  trialReminderSentAt: Date | null;
  /** The first paid moment: every renewal falls on its day of the month (or the month's last day). */
  billingAnchor: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** A plan change waiting for the next billing cycle. */
  scheduledPlan: PaidPlan | null;
  /** When the person asked to cancel (the "cancellation date" of the display info). */
  cancelRequestedAt: Date | null;
  cancellationReason: string | null;
  /** When access ended after a cancellation. */
  endedAt: Date | null;
  /** Until when an ended subscription can be reactivated without data loss (90 days). */
  reactivateUntil: Date | null;
  pastDueSince: Date | null;
  /** Past due: the limited access and the chance to pay lasts until then. */
  accessUntil: Date | null;
  expiredReason: ExpiredReason | null;
}

/** Fields that belong to an earlier paid run: cleared when a new one starts, empty before the first. */
export const freshPaidRun = {
  scheduledPlan: null,
  cancelRequestedAt: null,
  cancellationReason: null,
  endedAt: null,
  reactivateUntil: null,
  pastDueSince: null,
  accessUntil: null,
  expiredReason: null,
} satisfies Partial<SubscriptionState>;

/** A person who registered and has not chosen anything yet. */
export function initialState(trialTokenQuota: number): SubscriptionState {
  return {
    status: null,
    plan: null,
    trialUsed: false,
    trialStartedAt: null,
    trialEndsAt: null,
    trialTokensRemaining: trialTokenQuota,
    trialReminderSentAt: null,
    billingAnchor: null,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    ...freshPaidRun,
  };
}

/** Paid and running (renewing, cancelling or waiting for a payment): the provider holds a subscription. */
export function hasRunningPaidSubscription(state: SubscriptionState): boolean {
  return (
    state.status === 'monthly' ||
    state.status === 'yearly' ||
    state.status === 'cancelling_at_period_end' ||
    state.status === 'past_due'
  );
}
