import type { Tx } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';
import { dueSubscriptions, lockSubscription, stateOf, trialsToRemind } from '../db/subscriptions.ts';
import { addDays } from '../domain/dates.ts';
import { TRIAL_REMINDER_DAYS } from '../domain/plans.ts';
import {
  closeReactivationWindow,
  endGracePeriod,
  expireTrial,
  markTrialReminderSent,
  type Outcome,
} from '../domain/subscription-machine.ts';
import type { SubscriptionState } from '../domain/subscription-state.ts';
import { commitChange } from './commit.ts';
import { reconcileSubscription } from './reconcile.ts';

/** Users handled per sweep and kind; the next run takes the rest. */
export const SWEEP_BATCH = 200;

export interface SweepReport {
  trialReminders: number;
  trialsExpired: number;
  periodsSettled: number;
  gracePeriodsEnded: number;
  windowsClosed: number;
  failures: number;
}

/**
 * Applies `transition` to one user in its own transaction (re-checked under the row lock, so two
 * sweeps at once, or a sweep run again, do nothing twice). True when it applied.
 */
async function step(
  billing: BillingContext,
  userId: string,
  transition: (state: SubscriptionState, now: Date) => Outcome,
  afterwards?: (providerSubscriptionId: string | null, tx: Tx) => Promise<void>,
): Promise<boolean> {
  const now = billing.service.clock.now();
  return billing.service.transaction(async (tx, emit) => {
    const row = await lockSubscription(tx, userId);
    if (!row) return false;
    const outcome = transition(stateOf(row), now);
    if (!outcome.ok) return false;
    if (afterwards) await afterwards(row.providerSubscriptionId, tx);
    await commitChange(billing, tx, emit, row, { state: outcome.state, transitions: [outcome.transition] });
    return true;
  });
}

async function each(
  billing: BillingContext,
  what: string,
  userIds: string[],
  run: (userId: string) => Promise<boolean>,
  report: SweepReport,
): Promise<number> {
  let done = 0;
  for (const userId of userIds) {
    try {
      if (await run(userId)) done += 1;
    } catch (error) {
      report.failures += 1;
      billing.service.log.warn(
        { sweep: what, userId, error: error instanceof Error ? error.name : 'unknown' },
        'billing sweep step failed; retried next run',
      );
    }
  }
  return done;
}

/**
 * Every scheduled rule, time from the service clock, each idempotent:
 * - the trial reminder 2 days before the end (`billing.trial.ending` → mail);
 * - trial expiry (→ expired, locked until upgrade; `billing.trial.expired` → mail);
 * - period ends: the provider renews (charges), cancels or switches plan, and the state follows it;
 * - the end of a past-due grace period (→ expired, the provider stops retrying);
 * - the end of the 90-day reactivation window (→ expired).
 */
export async function runSweeps(billing: BillingContext): Promise<SweepReport> {
  const { service, provider } = billing;
  const db = service.db;
  const now = service.clock.now();
  const report: SweepReport = {
    trialReminders: 0,
    trialsExpired: 0,
    periodsSettled: 0,
    gracePeriodsEnded: 0,
    windowsClosed: 0,
    failures: 0,
  };
  report.trialReminders = await each(
    billing,
    'trial-reminder',
    await trialsToRemind(db, addDays(now, TRIAL_REMINDER_DAYS), SWEEP_BATCH),
    (userId) => step(billing, userId, (state, at) => markTrialReminderSent(state, { now: at })),
    report,
  );
  report.trialsExpired = await each(
    billing,
    'trial-expiry',
    await dueSubscriptions(db, ['freemium'], 'trialEndsAt', now, SWEEP_BATCH),
    (userId) => step(billing, userId, (state, at) => expireTrial(state, { now: at })),
    report,
  );
  report.periodsSettled = await each(
    billing,
    'period-end',
    await dueSubscriptions(
      db,
      ['monthly', 'yearly', 'cancelling_at_period_end'],
      'currentPeriodEnd',
      now,
      SWEEP_BATCH,
    ),
    (userId) => reconcileSubscription(billing, userId, { settle: true }),
    report,
  );
  report.gracePeriodsEnded = await each(
    billing,
    'grace-end',
    await dueSubscriptions(db, ['past_due'], 'accessUntil', now, SWEEP_BATCH),
    (userId) =>
      step(
        billing,
        userId,
        (state, at) => endGracePeriod(state, { now: at }),
        async (subscriptionId, tx) => {
          if (subscriptionId) await provider.cancelNow(subscriptionId, `grace-end:${subscriptionId}`, { tx });
        },
      ),
    report,
  );
  report.windowsClosed = await each(
    billing,
    'reactivation-window',
    await dueSubscriptions(db, ['cancelled'], 'reactivateUntil', now, SWEEP_BATCH),
    (userId) => step(billing, userId, (state, at) => closeReactivationWindow(state, { now: at })),
    report,
  );
  // The provider's own events about what the sweeps did (the local provider's "webhooks").
  await provider.flush();
  return report;
}
