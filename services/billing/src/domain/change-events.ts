import type { EventData, LanguageCode } from '@innerview/contracts';
import type { ChatAccessVerdict } from '@innerview/contracts/chat-access';
import { accessVerdict } from './access.ts';
import { addDays, isoDate } from './dates.ts';
import { isPaidPlan, REACTIVATION_WINDOW_DAYS } from './plans.ts';
import type { TransitionName } from './subscription-machine.ts';
import type { SubscriptionState } from './subscription-state.ts';

/** Who a billing mail goes to; null once the user's data was erased (no mail then). */
export interface MailFacts {
  email: string;
  firstName: string;
  language: LanguageCode;
}

type BillingEventType =
  | 'billing.subscription.changed'
  | 'billing.chat-access.changed'
  | 'billing.trial.ending'
  | 'billing.trial.expired'
  | 'billing.payment.failed'
  | 'billing.plan.changed'
  | 'billing.subscription.cancelled'
  | 'billing.subscription.reactivated';

export type BillingEventSpec = { [T in BillingEventType]: { type: T; data: EventData<T> } }[BillingEventType];

export interface ChangeFacts {
  userId: string;
  mail: MailFacts | null;
  currency: string | null;
  amountMinor: number | null;
  scheduledAmountMinor: number | null;
}

const date = (at: Date | null) => (at ? isoDate(at) : null);

/**
 * The events a change publishes: `billing.subscription.changed` whenever what chat's access
 * projection holds changed (status, plan, period end, or the trial quota running out), plus one
 * event per transition that the person is told about by mail.
 */
export function changeEvents(
  before: SubscriptionState,
  after: SubscriptionState,
  transitions: TransitionName[],
  facts: ChangeFacts,
): BillingEventSpec[] {
  const events: BillingEventSpec[] = [];
  const { userId, mail } = facts;
  const quotaRanOut = before.trialTokensRemaining > 0 && after.trialTokensRemaining === 0;
  if (
    before.status !== after.status ||
    before.plan !== after.plan ||
    before.scheduledPlan !== after.scheduledPlan ||
    before.currentPeriodEnd?.getTime() !== after.currentPeriodEnd?.getTime() ||
    before.accessUntil?.getTime() !== after.accessUntil?.getTime() ||
    (after.status === 'freemium' && quotaRanOut)
  ) {
    events.push({
      type: 'billing.subscription.changed',
      data: {
        userId,
        status: after.status ?? 'expired',
        plan: after.plan,
        // Until when access lasts: the trial's end, the paid period's end, or the day it ended.
        periodEnd: accessEnd(after)?.toISOString() ?? null,
        trialTokensRemaining: after.status === 'freemium' ? after.trialTokensRemaining : null,
        accessUntil: after.status === 'past_due' ? (after.accessUntil?.toISOString() ?? null) : null,
      },
    });
  }
  // Chat's verdict (ADR 0066): whenever who may chat, until when, or why not changed.
  const verdict = accessVerdict(after);
  if (!sameVerdict(accessVerdict(before), verdict))
    events.push({
      type: 'billing.chat-access.changed',
      data: {
        userId,
        allowed: verdict.allowed,
        allowedUntil: verdict.allowedUntil?.toISOString() ?? null,
        reason: verdict.reason,
        access: verdict.access,
        trialTokensRemaining: verdict.trialTokensRemaining,
      },
    });
  // A status-less row has nothing to tell chat about; it only exists after sign-up.
  if (after.status === null) events.length = 0;
  if (!mail) return events;
  const money = { amountMinor: facts.amountMinor ?? 0, currency: facts.currency ?? 'CHF' };
  for (const transition of transitions) {
    switch (transition) {
      case 'markTrialReminderSent':
        events.push({
          type: 'billing.trial.ending',
          data: {
            userId,
            ...mail,
            trialEnd: after.trialEndsAt!.toISOString(),
            tokensRemaining: after.trialTokensRemaining,
          },
        });
        break;
      case 'expireTrial':
        events.push({
          type: 'billing.trial.expired',
          data: { userId, ...mail, trialEnd: after.trialEndsAt!.toISOString() },
        });
        break;
      case 'failRenewal':
        if (isPaidPlan(after.plan))
          events.push({
            type: 'billing.payment.failed',
            data: { userId, ...mail, accessUntil: date(after.accessUntil), ...money, plan: after.plan },
          });
        break;
      case 'schedulePlanChange':
        if (isPaidPlan(after.plan) && after.scheduledPlan && after.currentPeriodEnd)
          events.push({
            type: 'billing.plan.changed',
            data: {
              userId,
              ...mail,
              fromPlan: after.plan,
              toPlan: after.scheduledPlan,
              effectiveDate: isoDate(after.currentPeriodEnd),
              amountMinor: facts.scheduledAmountMinor ?? 0,
              currency: money.currency,
            },
          });
        break;
      case 'requestCancellation':
        // Account deletion cancels too; that person gets the deletion mail, not this one.
        if (
          isPaidPlan(after.plan) &&
          after.currentPeriodEnd &&
          after.cancellationReason !== 'account_deleted'
        )
          events.push({
            type: 'billing.subscription.cancelled',
            data: {
              userId,
              ...mail,
              plan: after.plan,
              accessUntil: isoDate(after.currentPeriodEnd),
              reactivateBy: isoDate(addDays(after.currentPeriodEnd, REACTIVATION_WINDOW_DAYS)),
            },
          });
        break;
      case 'undoCancellation':
      case 'reactivateAfterEnd':
        if (isPaidPlan(after.plan))
          events.push({
            type: 'billing.subscription.reactivated',
            data: { userId, ...mail, plan: after.plan, nextBillingDate: date(after.currentPeriodEnd) },
          });
        break;
      default:
        break;
    }
  }
  return events;
}

/**
 * The trial's count is chat's own metering (it lowers its copy with every reply): a verdict goes
 * out for it only when the quota runs out, or with a change of anything else.
 */
function sameVerdict(a: ChatAccessVerdict, b: ChatAccessVerdict): boolean {
  const exhausted = (v: ChatAccessVerdict) => v.trialTokensRemaining !== null && v.trialTokensRemaining <= 0;
  return (
    a.allowed === b.allowed &&
    a.allowedUntil?.getTime() === b.allowedUntil?.getTime() &&
    a.reason === b.reason &&
    a.access === b.access &&
    exhausted(a) === exhausted(b)
  );
}

function accessEnd(state: SubscriptionState): Date | null {
  if (state.status === 'freemium') return state.trialEndsAt;
  if (state.status === 'cancelled') return state.endedAt ?? state.currentPeriodEnd;
  return state.currentPeriodEnd;
}
