import type { SubscriptionStatus } from './plans.ts';
import type { SubscriptionState } from './subscription-state.ts';

/** Why chat is refused; the client shows a text for each and follows `redirectTo`. */
export type DenialReason =
  | 'no_subscription'
  | 'trial_expired'
  | 'trial_tokens_exhausted'
  | 'payment_past_due'
  | 'subscription_cancelled'
  | 'subscription_expired';

export type ChatAccess =
  | {
      allowed: true;
      status: SubscriptionStatus;
      /** `trial`: metered against the trial quota; `full`: a paid plan. */
      access: 'trial' | 'full';
      remainingTrialTokens: number | null;
    }
  | {
      allowed: false;
      status: SubscriptionStatus | null;
      /** 429 for an exhausted trial quota (SUBSCRIPTION_LIMIT_REACHED), 403 for a locked account. */
      httpStatus: 403 | 429;
      code: string;
      reason: DenialReason;
      message: string;
      redirectTo: string;
      accessUntil: Date | null;
    };

/** A renewing plan keeps access this long past its period end while the provider's renewal lands. */
export const RENEWAL_SETTLE_MS = 24 * 60 * 60 * 1000;

/** May this person chat now, and if not, why (spec §4 and §6). Uses the time, not only the status. */
export function chatAccess(state: SubscriptionState, now: Date): ChatAccess {
  const { status } = state;
  const deny = (
    httpStatus: 403 | 429,
    code: string,
    reason: DenialReason,
    message: string,
    redirectTo: string,
    accessUntil: Date | null = null,
  ): ChatAccess => ({ allowed: false, status, httpStatus, code, reason, message, redirectTo, accessUntil });
  const trialOver = () =>
    deny(
      403,
      'TRIAL_EXPIRED',
      'trial_expired',
      'Your free trial has ended. Choose a plan to keep chatting.',
      '/trial-expired',
    );
  const ended = () =>
    deny(
      403,
      'SUBSCRIPTION_EXPIRED',
      'subscription_expired',
      'Your subscription has expired. Renew it to keep chatting.',
      '/auth/subscription-expired',
    );
  switch (status) {
    case null:
      return deny(
        403,
        'NO_SUBSCRIPTION',
        'no_subscription',
        'Choose a plan or start your free trial.',
        '/pricing',
      );
    case 'freemium':
      if (!state.trialEndsAt || now >= state.trialEndsAt) return trialOver();
      if (state.trialTokensRemaining <= 0)
        return deny(
          429,
          'SUBSCRIPTION_LIMIT_REACHED',
          'trial_tokens_exhausted',
          'You have used all of your free trial. Upgrade to keep chatting.',
          '/pricing',
          state.trialEndsAt,
        );
      return { allowed: true, status, access: 'trial', remainingTrialTokens: state.trialTokensRemaining };
    case 'monthly':
    case 'yearly':
      if (state.currentPeriodEnd && now.getTime() >= state.currentPeriodEnd.getTime() + RENEWAL_SETTLE_MS)
        return ended();
      return { allowed: true, status, access: 'full', remainingTrialTokens: null };
    case 'cancelling_at_period_end':
      if (!state.currentPeriodEnd || now >= state.currentPeriodEnd)
        return deny(
          403,
          'SUBSCRIPTION_CANCELLED',
          'subscription_cancelled',
          'Your subscription was cancelled and has ended. Reactivate it to keep chatting.',
          '/auth/subscription-expired',
        );
      return { allowed: true, status, access: 'full', remainingTrialTokens: null };
    case 'past_due':
      return deny(
        403,
        'PAYMENT_PAST_DUE',
        'payment_past_due',
        'Your last payment did not go through. Update your payment method to keep chatting.',
        '/auth/subscription-expired',
        state.accessUntil,
      );
    case 'cancelled':
      return deny(
        403,
        'SUBSCRIPTION_CANCELLED',
        'subscription_cancelled',
        'Your subscription was cancelled and has ended. Reactivate it to keep chatting.',
        '/auth/subscription-expired',
        state.reactivateUntil,
      );
    case 'expired':
      return state.expiredReason === 'trial_ended' ? trialOver() : ended();
  }
}
