import {
  type ChatAccessKind,
  type ChatAccessVerdict,
  chatDenials,
  decideChatAccess,
} from '@innerview/contracts/chat-access';
import type { ChatDenialReason } from '@innerview/contracts/subscription-status';
import type { SubscriptionStatus } from './plans.ts';
import type { SubscriptionState } from './subscription-state.ts';

export type DenialReason = ChatDenialReason;

export type ChatAccess =
  | {
      allowed: true;
      status: SubscriptionStatus;
      /** `trial`: metered against the trial quota; `full`: a paid plan; `limited`: past due, until `accessUntil`. */
      access: ChatAccessKind;
      remainingTrialTokens: number | null;
      accessUntil: Date | null;
    }
  | {
      allowed: false;
      status: SubscriptionStatus | null;
      /** 429 for an exhausted trial quota (SUBSCRIPTION_LIMIT_REACHED), 403 for a locked account. */
      httpStatus: 403 | 429;
      code: 'SUBSCRIPTION_REQUIRED' | 'SUBSCRIPTION_EXPIRED' | 'SUBSCRIPTION_LIMIT_REACHED';
      reason: DenialReason;
      message: string;
      redirectTo: string;
      accessUntil: Date | null;
    };

/** A renewing plan keeps access this long past its period end while the provider's renewal lands. */
export const RENEWAL_SETTLE_MS = 24 * 60 * 60 * 1000;

const refused = (reason: ChatDenialReason): ChatAccessVerdict => ({
  allowed: false,
  allowedUntil: null,
  reason,
  access: null,
  trialTokensRemaining: null,
});
const allowed = (
  access: ChatAccessKind,
  until: Date | null,
  then: ChatDenialReason,
  tokens: number | null = null,
) =>
  ({
    allowed: true,
    allowedUntil: until,
    reason: then,
    access,
    trialTokensRemaining: tokens,
  }) satisfies ChatAccessVerdict;

/**
 * Who may chat, as a verdict that holds until the subscription changes again (ADR 0066): the
 * access policy of docs/product.md#how-things-change-over-time and docs/product.md#who-may-do-what,
 * in one place. Billing publishes it (`billing.chat-access.changed`) and answers
 * `POST /subscriptions/chat-access` from it; chat decides from the copy it stores.
 */
export function accessVerdict(state: SubscriptionState): ChatAccessVerdict {
  switch (state.status) {
    case null:
      return refused('no_subscription');
    case 'freemium':
      if (!state.trialEndsAt) return refused('trial_expired');
      // A used-up quota refuses with 429 while the trial runs, trial_expired after it.
      return allowed('trial', state.trialEndsAt, 'trial_expired', state.trialTokensRemaining);
    case 'monthly':
    case 'yearly':
      return allowed(
        'full',
        state.currentPeriodEnd ? new Date(state.currentPeriodEnd.getTime() + RENEWAL_SETTLE_MS) : null,
        'subscription_expired',
      );
    case 'cancelling_at_period_end':
      if (!state.currentPeriodEnd) return refused('subscription_cancelled');
      return allowed('full', state.currentPeriodEnd, 'subscription_cancelled');
    case 'past_due':
      // Limited access until a date (docs/product.md#how-things-change-over-time), then suspended.
      if (!state.accessUntil) return refused('payment_past_due');
      return allowed('limited', state.accessUntil, 'payment_past_due');
    case 'cancelled':
      return refused('subscription_cancelled');
    case 'expired':
      return refused(state.expiredReason === 'trial_ended' ? 'trial_expired' : 'subscription_expired');
  }
}

/**
 * May this person chat now, and if not, why: the verdict read at `now`, with the dates the answer
 * shows. The codes and reasons are the ones chat answers with, so the client handles one set:
 * 403 SUBSCRIPTION_REQUIRED / SUBSCRIPTION_EXPIRED (+ reason), 429 SUBSCRIPTION_LIMIT_REACHED.
 */
export function chatAccess(state: SubscriptionState, now: Date): ChatAccess {
  const { status } = state;
  const decision = decideChatAccess(accessVerdict(state), now);
  if (decision.allowed)
    return {
      allowed: true,
      status: status!,
      access: decision.access,
      remainingTrialTokens: decision.access === 'trial' ? state.trialTokensRemaining : null,
      accessUntil:
        decision.access === 'trial'
          ? state.trialEndsAt
          : decision.access === 'limited'
            ? state.accessUntil
            : state.currentPeriodEnd,
    };
  const shown: Partial<Record<ChatDenialReason, Date | null>> = {
    trial_tokens_exhausted: state.trialEndsAt,
    payment_past_due: state.accessUntil,
    subscription_cancelled: state.reactivateUntil,
  };
  return {
    allowed: false,
    status,
    httpStatus: decision.httpStatus,
    code: decision.code,
    reason: decision.reason,
    message: chatDenials[decision.reason].detail,
    redirectTo: decision.redirectTo,
    accessUntil: shown[decision.reason] ?? null,
  };
}
