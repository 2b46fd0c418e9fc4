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
      /** `trial`: metered against the trial quota; `full`: a paid plan; `limited`: past due, until `accessUntil`. */
      access: 'trial' | 'full' | 'limited';
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

const expiredScreen = '/auth/subscription-expired';

/**
 * May this person chat now, and if not, why (docs/product.md#how-things-change-over-time and docs/product.md#who-may-do-what). Uses the time, not only the status.
 * The codes and reasons are the ones chat's own access projection answers with, so the client
 * handles one set: 403 SUBSCRIPTION_REQUIRED / SUBSCRIPTION_EXPIRED (+ reason), 429
 * SUBSCRIPTION_LIMIT_REACHED.
 */
export function chatAccess(state: SubscriptionState, now: Date): ChatAccess {
  const { status } = state;
  const allow = (access: 'trial' | 'full' | 'limited', accessUntil: Date | null = null): ChatAccess => ({
    allowed: true,
    status: status!,
    access,
    remainingTrialTokens: access === 'trial' ? state.trialTokensRemaining : null,
    accessUntil,
  });
  const expired = (
    reason: DenialReason,
    message: string,
    redirectTo: string,
    accessUntil: Date | null = null,
  ): ChatAccess => ({
    allowed: false,
    status,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason,
    message,
    redirectTo,
    accessUntil,
  });
  const trialOver = () =>
    expired('trial_expired', 'Your free trial has ended. Choose a plan to keep chatting.', '/trial-expired');
  const ended = () =>
    expired(
      'subscription_expired',
      'Your subscription has expired. Renew it to keep chatting.',
      expiredScreen,
    );
  const cancelled = () =>
    expired(
      'subscription_cancelled',
      'Your subscription was cancelled and has ended. Reactivate it to keep chatting.',
      expiredScreen,
      state.reactivateUntil,
    );
  switch (status) {
    case null:
      return {
        allowed: false,
        status,
        httpStatus: 403,
        code: 'SUBSCRIPTION_REQUIRED',
        reason: 'no_subscription',
        message: 'A subscription is required to chat. Start your free trial or choose a plan.',
        redirectTo: '/pricing',
        accessUntil: null,
      };
    case 'freemium':
      if (!state.trialEndsAt || now >= state.trialEndsAt) return trialOver();
      if (state.trialTokensRemaining <= 0)
        return {
          allowed: false,
          status,
          httpStatus: 429,
          code: 'SUBSCRIPTION_LIMIT_REACHED',
          reason: 'trial_tokens_exhausted',
          message: 'Rate limit exceeded: you have used all of your free trial. Upgrade to keep chatting.',
          redirectTo: '/pricing',
          accessUntil: state.trialEndsAt,
        };
      return allow('trial', state.trialEndsAt);
    case 'monthly':
    case 'yearly':
      if (state.currentPeriodEnd && now.getTime() >= state.currentPeriodEnd.getTime() + RENEWAL_SETTLE_MS)
        return ended();
      return allow('full', state.currentPeriodEnd);
    case 'cancelling_at_period_end':
      if (!state.currentPeriodEnd || now >= state.currentPeriodEnd) return cancelled();
      return allow('full', state.currentPeriodEnd);
    case 'past_due':
      // Limited access until a date (docs/product.md#how-things-change-over-time): chat goes on until `accessUntil`, then it is suspended.
      if (state.accessUntil && now < state.accessUntil) return allow('limited', state.accessUntil);
      return expired(
        'payment_past_due',
        'Your last payment did not go through. Update your payment method to keep chatting.',
        expiredScreen,
        state.accessUntil,
      );
    case 'cancelled':
      return cancelled();
    case 'expired':
      return state.expiredReason === 'trial_ended' ? trialOver() : ended();
  }
}
