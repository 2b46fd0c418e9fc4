import { SUBSCRIPTION_STATUSES } from '@innerview/contracts/subscription-status';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import type { SubscriptionStatus } from './plans.ts';
import {
  activateTrial,
  closeAccount,
  closeReactivationWindow,
  dropPlanChange,
  endCancelledPeriod,
  endGracePeriod,
  expireTrial,
  failRenewal,
  markTrialReminderSent,
  type Outcome,
  reactivateAfterEnd,
  recoverPayment,
  renewPeriod,
  requestCancellation,
  schedulePlanChange,
  startPaidPlan,
  type TransitionName,
  terminateForNonPayment,
  transitionNames,
  transitionTable,
  undoCancellation,
  useTrialTokens,
} from './subscription-machine.ts';
import { initialState, type SubscriptionState } from './subscription-state.ts';

const T0 = new Date('2026-01-31T09:00:00.000Z');
const periodEnd = new Date('2026-02-28T09:00:00.000Z');
const later = new Date('2027-06-01T00:00:00.000Z');

/** A typical state for each status (and for "no status yet"), as the service would hold it. */
function stateIn(status: SubscriptionStatus | null): SubscriptionState {
  const base = initialState(1000);
  const paid = {
    ...base,
    trialUsed: true,
    plan: 'monthly' as const,
    billingAnchor: T0,
    currentPeriodStart: T0,
    currentPeriodEnd: periodEnd,
  };
  switch (status) {
    case null:
      return base;
    case 'freemium':
      return {
        ...base,
        status,
        plan: 'freemium',
        trialUsed: true,
        trialStartedAt: T0,
        trialEndsAt: addDays(T0, 30),
      };
    case 'monthly':
      return { ...paid, status };
    case 'yearly':
      return { ...paid, status, plan: 'yearly', currentPeriodEnd: new Date('2027-01-31T09:00:00.000Z') };
    case 'cancelling_at_period_end':
      return { ...paid, status, cancelRequestedAt: T0 };
    case 'past_due':
      return { ...paid, status, pastDueSince: periodEnd, accessUntil: addDays(periodEnd, 7) };
    case 'cancelled':
      return { ...paid, status, endedAt: periodEnd, reactivateUntil: addDays(periodEnd, 90) };
    case 'expired':
      return {
        ...base,
        status,
        plan: 'freemium',
        trialUsed: true,
        trialEndsAt: addDays(T0, 30),
        expiredReason: 'trial_ended',
      };
  }
}

/** Each transition with inputs that satisfy every condition except the starting status. */
const apply: Record<TransitionName, (s: SubscriptionState) => Outcome> = {
  // The status alone decides here; `trialUsed` has its own test below.
  activateTrial: (s) => activateTrial({ ...s, trialUsed: false }, { now: T0, quota: 500 }),
  useTrialTokens: (s) => useTrialTokens(s, { tokens: 10 }),
  markTrialReminderSent: (s) => markTrialReminderSent(s, { now: addDays(T0, 28) }),
  expireTrial: (s) => expireTrial({ ...s, trialEndsAt: s.trialEndsAt ?? T0 }, { now: later }),
  startPaidPlan: (s) => startPaidPlan(s, { plan: 'yearly', paidAt: addDays(T0, 3) }),
  reactivateAfterEnd: (s) => reactivateAfterEnd(s, { plan: 'monthly', paidAt: addDays(periodEnd, 10) }),
  schedulePlanChange: (s) => schedulePlanChange(s, { plan: s.plan === 'yearly' ? 'monthly' : 'yearly' }),
  dropPlanChange: (s) => dropPlanChange({ ...s, scheduledPlan: 'yearly' }),
  requestCancellation: (s) => requestCancellation(s, { now: T0, reason: 'price' }),
  undoCancellation: (s) => undoCancellation(s),
  renewPeriod: (s) =>
    renewPeriod(s, { periodStart: s.currentPeriodEnd ?? later, periodEnd: later, plan: 'monthly' }),
  failRenewal: (s) =>
    failRenewal(s, {
      periodStart: s.currentPeriodEnd ?? later,
      periodEnd: later,
      plan: 'monthly',
      now: periodEnd,
    }),
  recoverPayment: (s) => recoverPayment(s),
  endGracePeriod: (s) => endGracePeriod({ ...s, accessUntil: s.accessUntil ?? T0 }, { now: later }),
  terminateForNonPayment: (s) => terminateForNonPayment(s, { endedAt: later }),
  endCancelledPeriod: (s) => endCancelledPeriod(s, { now: later }),
  closeReactivationWindow: (s) =>
    closeReactivationWindow({ ...s, reactivateUntil: s.reactivateUntil ?? T0 }, { now: later }),
  closeAccount: (s) => closeAccount(s, { now: T0 }),
};

const statuses: Array<SubscriptionStatus | null> = [null, ...SUBSCRIPTION_STATUSES];

describe('the subscription state machine', () => {
  it('names every transition and tests each one', () => {
    expect(Object.keys(apply).sort()).toEqual([...transitionNames].sort());
  });

  describe.each(transitionNames)('%s', (name) => {
    const { from, to } = transitionTable[name];
    it.each(statuses.map((s) => [String(s), s] as const))('from %s', (_label, status) => {
      const outcome = apply[name](stateIn(status));
      const allowed = (from as readonly (SubscriptionStatus | null)[]).includes(status);
      expect(outcome.ok).toBe(allowed);
      if (outcome.ok) {
        expect(outcome.transition).toBe(name);
        expect(to as readonly string[]).toContain(outcome.state.status);
      } else {
        expect(outcome.reason).toBe('wrong_status');
      }
    });
  });
});

describe('the rules of docs/product.md#how-things-change-over-time', () => {
  it('trial → paid ends the trial at once: remaining days and tokens are lost, billing starts that day', () => {
    const trial = stateIn('freemium');
    const paidAt = addDays(T0, 10);
    const outcome = startPaidPlan(trial, { plan: 'monthly', paidAt });
    expect(outcome.ok && outcome.state).toMatchObject({
      status: 'monthly',
      trialEndsAt: paidAt,
      trialTokensRemaining: 0,
      billingAnchor: paidAt,
      currentPeriodStart: paidAt,
      currentPeriodEnd: new Date('2026-03-10T09:00:00.000Z'),
    });
  });

  it('starts the trial once per person, ever', () => {
    const started = activateTrial(initialState(100), { now: T0, quota: 100 });
    expect(started.ok && started.state).toMatchObject({
      status: 'freemium',
      trialEndsAt: addDays(T0, 30),
      trialTokensRemaining: 100,
    });
    const twice = activateTrial({ ...initialState(100), trialUsed: true }, { now: T0, quota: 100 });
    expect(twice).toEqual({ ok: false, transition: 'activateTrial', reason: 'trial_already_used' });
  });

  it('schedules monthly ⇄ yearly for the period end without touching the current period', () => {
    const monthly = stateIn('monthly');
    const toYearly = schedulePlanChange(monthly, { plan: 'yearly' });
    expect(toYearly.ok && toYearly.state).toMatchObject({
      status: 'monthly',
      plan: 'monthly',
      scheduledPlan: 'yearly',
      currentPeriodEnd: periodEnd,
    });
    expect(schedulePlanChange(monthly, { plan: 'monthly' })).toMatchObject({
      ok: false,
      reason: 'same_plan',
    });
    const yearly = stateIn('yearly');
    const toMonthly = schedulePlanChange(yearly, { plan: 'monthly' });
    expect(toMonthly.ok && toMonthly.state.scheduledPlan).toBe('monthly');
    // The change activates with the next billing cycle.
    if (!toYearly.ok) throw new Error('unreachable');
    const next = new Date('2027-02-28T09:00:00.000Z');
    const renewed = renewPeriod(toYearly.state, { periodStart: periodEnd, periodEnd: next, plan: 'yearly' });
    expect(renewed.ok && renewed.state).toMatchObject({
      status: 'yearly',
      plan: 'yearly',
      scheduledPlan: null,
      currentPeriodEnd: next,
    });
    expect(renewPeriod(monthly, { periodStart: T0, periodEnd: next, plan: 'monthly' })).toMatchObject({
      ok: false,
      reason: 'period_not_over',
    });
  });

  it('while cancelling, another plan starts after the current one instead of ending', () => {
    const outcome = schedulePlanChange(stateIn('cancelling_at_period_end'), { plan: 'yearly' });
    expect(outcome.ok && outcome.state).toMatchObject({
      status: 'monthly',
      scheduledPlan: 'yearly',
      cancelRequestedAt: null,
    });
    expect(schedulePlanChange(stateIn('cancelling_at_period_end'), { plan: 'monthly' })).toMatchObject({
      ok: false,
      reason: 'same_plan',
    });
  });

  it('cancels at the end of the cycle with no refund, drops a scheduled change, and can be undone', () => {
    const cancelling = requestCancellation(
      { ...stateIn('monthly'), scheduledPlan: 'yearly' },
      { now: T0, reason: 'x' },
    );
    expect(cancelling.ok && cancelling.state).toMatchObject({
      status: 'cancelling_at_period_end',
      currentPeriodEnd: periodEnd,
      scheduledPlan: null,
      cancellationReason: 'x',
    });
    if (!cancelling.ok) throw new Error('unreachable');
    expect(endCancelledPeriod(cancelling.state, { now: T0 })).toMatchObject({
      ok: false,
      reason: 'period_not_over',
    });
    const ended = endCancelledPeriod(cancelling.state, { now: periodEnd });
    expect(ended.ok && ended.state).toMatchObject({
      status: 'cancelled',
      endedAt: periodEnd,
      reactivateUntil: addDays(periodEnd, 90),
    });
    const undone = undoCancellation(cancelling.state);
    expect(undone.ok && undone.state).toMatchObject({ status: 'monthly', cancelRequestedAt: null });
  });

  it('reactivates within 90 days after the end without losing anything, and not after', () => {
    const cancelled = stateIn('cancelled');
    const within = reactivateAfterEnd(cancelled, { plan: 'yearly', paidAt: addDays(periodEnd, 89) });
    expect(within.ok && within.state).toMatchObject({
      status: 'yearly',
      endedAt: null,
      reactivateUntil: null,
      trialUsed: true,
    });
    expect(reactivateAfterEnd(cancelled, { plan: 'yearly', paidAt: addDays(periodEnd, 91) })).toMatchObject({
      ok: false,
      reason: 'reactivation_window_closed',
    });
    expect(closeReactivationWindow(cancelled, { now: addDays(periodEnd, 89) })).toMatchObject({
      ok: false,
      reason: 'window_not_over',
    });
    const closed = closeReactivationWindow(cancelled, { now: addDays(periodEnd, 90) });
    expect(closed.ok && closed.state).toMatchObject({
      status: 'expired',
      expiredReason: 'reactivation_window_closed',
    });
  });

  it('past_due gives limited access until a date, then suspends unless the payment is recovered', () => {
    const next = new Date('2026-03-31T09:00:00.000Z');
    const failed = failRenewal(stateIn('monthly'), {
      periodStart: periodEnd,
      periodEnd: next,
      plan: 'monthly',
      now: periodEnd,
      graceDays: 7,
    });
    expect(failed.ok && failed.state).toMatchObject({
      status: 'past_due',
      accessUntil: addDays(periodEnd, 7),
      currentPeriodStart: periodEnd,
      currentPeriodEnd: next,
    });
    if (!failed.ok) throw new Error('unreachable');
    expect(endGracePeriod(failed.state, { now: addDays(periodEnd, 6) })).toMatchObject({
      ok: false,
      reason: 'grace_not_over',
    });
    const suspended = endGracePeriod(failed.state, { now: addDays(periodEnd, 7) });
    expect(suspended.ok && suspended.state).toMatchObject({
      status: 'expired',
      expiredReason: 'payment_failed',
    });
    const recovered = recoverPayment(failed.state);
    expect(recovered.ok && recovered.state).toMatchObject({
      status: 'monthly',
      accessUntil: null,
      currentPeriodEnd: next,
    });
  });

  it('a trial that ends without a plan locks the account until an upgrade', () => {
    const trial = stateIn('freemium');
    expect(expireTrial(trial, { now: addDays(T0, 29) })).toMatchObject({
      ok: false,
      reason: 'trial_not_over',
    });
    const expired = expireTrial(trial, { now: addDays(T0, 30) });
    expect(expired.ok && expired.state).toMatchObject({ status: 'expired', expiredReason: 'trial_ended' });
    if (!expired.ok) throw new Error('unreachable');
    const upgraded = startPaidPlan(expired.state, { plan: 'monthly', paidAt: addDays(T0, 40) });
    expect(upgraded.ok && upgraded.state.status).toBe('monthly');
  });

  it('sends the trial reminder 2 days before the end, once', () => {
    const trial = stateIn('freemium');
    expect(markTrialReminderSent(trial, { now: addDays(T0, 27) })).toMatchObject({
      ok: false,
      reason: 'reminder_not_due',
    });
    const sent = markTrialReminderSent(trial, { now: addDays(T0, 28) });
    expect(sent.ok).toBe(true);
    if (!sent.ok) throw new Error('unreachable');
    expect(markTrialReminderSent(sent.state, { now: addDays(T0, 29) })).toMatchObject({
      ok: false,
      reason: 'reminder_not_due',
    });
  });

  it('trial usage only ever subtracts, never below zero', () => {
    const trial = stateIn('freemium');
    const used = useTrialTokens(trial, { tokens: -500 });
    expect(used.ok && used.state.trialTokensRemaining).toBe(1000);
    const all = useTrialTokens(trial, { tokens: 5000 });
    expect(all.ok && all.state.trialTokensRemaining).toBe(0);
  });

  it('account deletion lets a paid plan run to the end of its cycle and stops a trial', () => {
    const paid = closeAccount(stateIn('yearly'), { now: T0 });
    expect(paid.ok && paid.state).toMatchObject({
      status: 'cancelling_at_period_end',
      cancellationReason: 'account_deleted',
    });
    const trial = closeAccount(stateIn('freemium'), { now: T0 });
    expect(trial.ok && trial.state).toMatchObject({ status: 'expired', expiredReason: 'account_closed' });
  });
});
