import { addDays, firstPeriodEnd } from './dates.ts';
import {
  DEFAULT_PAST_DUE_GRACE_DAYS,
  type PaidPlan,
  REACTIVATION_WINDOW_DAYS,
  type SubscriptionStatus,
  TRIAL_DAYS,
  TRIAL_REMINDER_DAYS,
} from './plans.ts';
import { freshPaidRun, type SubscriptionState } from './subscription-state.ts';

/**
 * The subscription state machine of docs/product.md#subscription-states, as pure functions: each named transition takes a
 * state and its inputs (the time always among them) and answers the next state or why not.
 * Nothing here reads a clock or a database; the actions and the provider sync call these.
 */

type From = SubscriptionStatus | null;

/** For each transition, the statuses it may start from (the tests check every other one refuses). */
export const transitionTable = {
  /** Start the 30-day free trial: once per person, ever, and only before any plan. */
  activateTrial: { from: [null], to: ['freemium'] },
  /** Count trial usage (model tokens); paid plans are not metered. */
  useTrialTokens: { from: ['freemium'], to: ['freemium'] },
  /** The reminder 2 days before the trial ends went out (at most once). */
  markTrialReminderSent: { from: ['freemium'], to: ['freemium'] },
  /** A trial that ends without a plan locks the account until upgrade. */
  expireTrial: { from: ['freemium'], to: ['expired'] },
  /** First payment: a trial ends at once (its remaining days and tokens are lost), billing starts that day. */
  startPaidPlan: { from: [null, 'freemium', 'expired'], to: ['monthly', 'yearly'] },
  /** Paying again within 90 days after a cancelled subscription ended: same account, nothing lost. */
  reactivateAfterEnd: { from: ['cancelled'], to: ['monthly', 'yearly'] },
  /** Monthly ⇄ yearly (or a new plan while cancelling): takes effect at the end of the period, no charge until then. */
  schedulePlanChange: {
    from: ['monthly', 'yearly', 'cancelling_at_period_end'],
    to: ['monthly', 'yearly'],
  },
  /** Keep the current plan after all: the scheduled change is withdrawn. */
  dropPlanChange: { from: ['monthly', 'yearly'], to: ['monthly', 'yearly'] },
  /** Cancellation takes effect at the end of the billing cycle; no refund. */
  requestCancellation: { from: ['monthly', 'yearly'], to: ['cancelling_at_period_end'] },
  /** Reactivation before the period ends: the cancellation is withdrawn, nothing is charged now. */
  undoCancellation: { from: ['cancelling_at_period_end'], to: ['monthly', 'yearly'] },
  /** The period ended and the next one is paid; a scheduled plan starts now. */
  renewPeriod: { from: ['monthly', 'yearly'], to: ['monthly', 'yearly'] },
  /** The renewal payment failed: limited access until a date, a new payment method is asked for. */
  failRenewal: { from: ['monthly', 'yearly'], to: ['past_due'] },
  /** The overdue payment went through (retry or new payment method). */
  recoverPayment: { from: ['past_due'], to: ['monthly', 'yearly'] },
  /** Nobody paid before the access-until date: access is suspended. */
  endGracePeriod: { from: ['past_due'], to: ['expired'] },
  /** The provider ended the subscription for non-payment. */
  terminateForNonPayment: {
    from: ['monthly', 'yearly', 'cancelling_at_period_end', 'past_due'],
    to: ['expired'],
  },
  /** The cancelled subscription's period is over: access ends, reactivation possible for 90 days. */
  endCancelledPeriod: { from: ['cancelling_at_period_end'], to: ['cancelled'] },
  /** 90 days after the end nobody reactivated. */
  closeReactivationWindow: { from: ['cancelled'], to: ['expired'] },
  /** The account was deleted: a paid plan runs to the end of its cycle, anything else stops. */
  closeAccount: {
    from: [null, 'freemium', 'monthly', 'yearly'],
    to: ['expired', 'cancelling_at_period_end'],
  },
} as const satisfies Record<string, { from: readonly From[]; to: readonly SubscriptionStatus[] }>;

export type TransitionName = keyof typeof transitionTable;
export const transitionNames = Object.keys(transitionTable) as TransitionName[];

/** Why a transition does not apply; the actions map these to HTTP answers. */
export type Rejection =
  | 'wrong_status'
  | 'trial_already_used'
  | 'trial_not_over'
  | 'reminder_not_due'
  | 'same_plan'
  | 'no_scheduled_change'
  | 'period_not_over'
  | 'grace_not_over'
  | 'reactivation_window_closed'
  | 'window_not_over'
  | 'stale_period';

export type Outcome =
  | { ok: true; transition: TransitionName; state: SubscriptionState }
  | { ok: false; transition: TransitionName; reason: Rejection };

function allowed(name: TransitionName, state: SubscriptionState): boolean {
  return (transitionTable[name].from as readonly From[]).includes(state.status);
}

function done(transition: TransitionName, state: SubscriptionState): Outcome {
  return { ok: true, transition, state };
}

function refuse(transition: TransitionName, reason: Rejection): Outcome {
  return { ok: false, transition, reason };
}

export function activateTrial(state: SubscriptionState, input: { now: Date; quota: number }): Outcome {
  const name = 'activateTrial';
  if (state.trialUsed) return refuse(name, 'trial_already_used');
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  return done(name, {
    ...state,
    status: 'freemium',
    plan: 'freemium',
    trialUsed: true,
    trialStartedAt: input.now,
    trialEndsAt: addDays(input.now, TRIAL_DAYS),
    trialTokensRemaining: input.quota,
    trialReminderSentAt: null,
  });
}

/** Subtracts only: whatever the input, the quota never grows and never drops below 0. */
export function useTrialTokens(state: SubscriptionState, input: { tokens: number }): Outcome {
  const name = 'useTrialTokens';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const tokens = Math.max(0, Math.floor(input.tokens));
  return done(name, { ...state, trialTokensRemaining: Math.max(0, state.trialTokensRemaining - tokens) });
}

/** When the trial reminder is due: 2 days before the end. */
export function trialReminderDueAt(state: SubscriptionState): Date | null {
  return state.trialEndsAt ? addDays(state.trialEndsAt, -TRIAL_REMINDER_DAYS) : null;
}

export function markTrialReminderSent(state: SubscriptionState, input: { now: Date }): Outcome {
  const name = 'markTrialReminderSent';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const due = trialReminderDueAt(state);
  if (
    state.trialReminderSentAt ||
    !due ||
    input.now < due ||
    (state.trialEndsAt && input.now >= state.trialEndsAt)
  )
    return refuse(name, 'reminder_not_due');
  return done(name, { ...state, trialReminderSentAt: input.now });
}

export function expireTrial(state: SubscriptionState, input: { now: Date }): Outcome {
  const name = 'expireTrial';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (!state.trialEndsAt || input.now < state.trialEndsAt) return refuse(name, 'trial_not_over');
  return done(name, { ...state, status: 'expired', expiredReason: 'trial_ended' });
}

export interface PaidRunInput {
  plan: PaidPlan;
  /** When the first payment went through: the anchor of every renewal. */
  paidAt: Date;
  /** The provider's period; computed from the anchor when absent. */
  periodStart?: Date;
  periodEnd?: Date;
}

function paidRun(state: SubscriptionState, input: PaidRunInput): SubscriptionState {
  const start = input.periodStart ?? input.paidAt;
  const endsTrialNow = state.status === 'freemium' && state.trialEndsAt && state.trialEndsAt > input.paidAt;
  return {
    ...state,
    ...freshPaidRun,
    status: input.plan,
    plan: input.plan,
    // A trial is not paused: its remaining days and tokens are lost (docs/product.md#how-things-change-over-time).
    trialEndsAt: endsTrialNow ? input.paidAt : state.trialEndsAt,
    trialTokensRemaining: state.status === 'freemium' ? 0 : state.trialTokensRemaining,
    billingAnchor: start,
    currentPeriodStart: start,
    currentPeriodEnd: input.periodEnd ?? firstPeriodEnd(start, input.plan),
  };
}

export function startPaidPlan(state: SubscriptionState, input: PaidRunInput): Outcome {
  const name = 'startPaidPlan';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  return done(name, paidRun(state, input));
}

export function reactivateAfterEnd(state: SubscriptionState, input: PaidRunInput): Outcome {
  const name = 'reactivateAfterEnd';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (state.reactivateUntil && input.paidAt > state.reactivateUntil)
    return refuse(name, 'reactivation_window_closed');
  return done(name, paidRun(state, input));
}

/** The plan that runs now, for a running paid subscription. */
function currentPaidPlan(state: SubscriptionState): PaidPlan | null {
  return state.plan === 'monthly' || state.plan === 'yearly' ? state.plan : null;
}

export function schedulePlanChange(state: SubscriptionState, input: { plan: PaidPlan }): Outcome {
  const name = 'schedulePlanChange';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const current = currentPaidPlan(state);
  if (!current) return refuse(name, 'wrong_status');
  if (state.status === 'cancelling_at_period_end') {
    // Choosing the plan it already has is a reactivation (undoCancellation), not a change.
    if (input.plan === current) return refuse(name, 'same_plan');
    return done(name, {
      ...state,
      status: current,
      scheduledPlan: input.plan,
      cancelRequestedAt: null,
      cancellationReason: null,
    });
  }
  if (input.plan === current || input.plan === state.scheduledPlan) return refuse(name, 'same_plan');
  return done(name, { ...state, scheduledPlan: input.plan });
}

export function dropPlanChange(state: SubscriptionState): Outcome {
  const name = 'dropPlanChange';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (!state.scheduledPlan) return refuse(name, 'no_scheduled_change');
  return done(name, { ...state, scheduledPlan: null });
}

export function requestCancellation(
  state: SubscriptionState,
  input: { now: Date; reason?: string | null },
): Outcome {
  const name = 'requestCancellation';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  return done(name, {
    ...state,
    status: 'cancelling_at_period_end',
    // A cancelled subscription does not change plan: the scheduled change goes.
    scheduledPlan: null,
    cancelRequestedAt: input.now,
    cancellationReason: input.reason ?? null,
  });
}

export function undoCancellation(state: SubscriptionState): Outcome {
  const name = 'undoCancellation';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const current = currentPaidPlan(state);
  if (!current) return refuse(name, 'wrong_status');
  return done(name, { ...state, status: current, cancelRequestedAt: null, cancellationReason: null });
}

export interface NextPeriodInput {
  /** The provider's new period: it starts where the previous one ended. */
  periodStart: Date;
  periodEnd: Date;
  /** The plan the provider bills for the new period (the scheduled one, if any). */
  plan: PaidPlan;
}

function nextPeriod(state: SubscriptionState, input: NextPeriodInput): SubscriptionState {
  return {
    ...state,
    plan: input.plan,
    scheduledPlan: null,
    currentPeriodStart: input.periodStart,
    currentPeriodEnd: input.periodEnd,
  };
}

function periodOver(state: SubscriptionState, input: NextPeriodInput): boolean {
  return !!state.currentPeriodEnd && input.periodStart >= state.currentPeriodEnd;
}

export function renewPeriod(state: SubscriptionState, input: NextPeriodInput): Outcome {
  const name = 'renewPeriod';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (!periodOver(state, input)) return refuse(name, 'period_not_over');
  return done(name, { ...nextPeriod(state, input), status: input.plan });
}

/**
 * The renewal charge failed. The new period has begun (as at the provider) but is unpaid: access is
 * limited until `now + graceDays`, when it is suspended unless someone pays.
 */
export function failRenewal(
  state: SubscriptionState,
  input: NextPeriodInput & { now: Date; graceDays?: number },
): Outcome {
  const name = 'failRenewal';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const advanced = periodOver(state, input) ? nextPeriod(state, input) : state;
  return done(name, {
    ...advanced,
    status: 'past_due',
    pastDueSince: input.now,
    accessUntil: addDays(input.now, input.graceDays ?? DEFAULT_PAST_DUE_GRACE_DAYS),
  });
}

export function recoverPayment(state: SubscriptionState): Outcome {
  const name = 'recoverPayment';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const current = currentPaidPlan(state);
  if (!current) return refuse(name, 'wrong_status');
  return done(name, { ...state, status: current, pastDueSince: null, accessUntil: null });
}

export function endGracePeriod(state: SubscriptionState, input: { now: Date }): Outcome {
  const name = 'endGracePeriod';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (!state.accessUntil || input.now < state.accessUntil) return refuse(name, 'grace_not_over');
  return done(name, { ...state, status: 'expired', expiredReason: 'payment_failed', scheduledPlan: null });
}

export function terminateForNonPayment(state: SubscriptionState, input: { endedAt: Date }): Outcome {
  const name = 'terminateForNonPayment';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  return done(name, {
    ...state,
    status: 'expired',
    expiredReason: 'payment_failed',
    scheduledPlan: null,
    endedAt: input.endedAt,
  });
}

/** `endedAt`: the period end, or earlier when the provider ended it at once (support, dashboard). */
export function endCancelledPeriod(state: SubscriptionState, input: { now: Date; endedAt?: Date }): Outcome {
  const name = 'endCancelledPeriod';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  const endedAt = input.endedAt ?? state.currentPeriodEnd;
  if (!endedAt || (!input.endedAt && input.now < endedAt)) return refuse(name, 'period_not_over');
  return done(name, {
    ...state,
    status: 'cancelled',
    scheduledPlan: null,
    endedAt,
    reactivateUntil: addDays(endedAt, REACTIVATION_WINDOW_DAYS),
  });
}

export function closeReactivationWindow(state: SubscriptionState, input: { now: Date }): Outcome {
  const name = 'closeReactivationWindow';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (!state.reactivateUntil || input.now < state.reactivateUntil) return refuse(name, 'window_not_over');
  return done(name, { ...state, status: 'expired', expiredReason: 'reactivation_window_closed' });
}

/** Account deletion: access continues to the end of the billing cycle (docs/product.md#deleting-an-account), then nothing renews. */
export function closeAccount(state: SubscriptionState, input: { now: Date }): Outcome {
  const name = 'closeAccount';
  if (!allowed(name, state)) return refuse(name, 'wrong_status');
  if (state.status === 'monthly' || state.status === 'yearly') {
    const cancelled = requestCancellation(state, { now: input.now, reason: 'account_deleted' });
    return cancelled.ok ? done(name, cancelled.state) : cancelled;
  }
  return done(name, {
    ...state,
    status: 'expired',
    expiredReason: 'account_closed',
    trialEndsAt: state.status === 'freemium' ? input.now : state.trialEndsAt,
  });
}
