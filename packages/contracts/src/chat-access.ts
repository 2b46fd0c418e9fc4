import type { ChatDenialReason } from './subscription-status.ts';

/**
 * Billing's verdict on who may chat (`billing.chat-access.changed`, ADR 0066). Billing alone holds
 * the access policy; it publishes the verdict with every subscription change that changes it, and
 * chat stores it and reads it against its clock. `decideChatAccess` is the one reading of a
 * verdict: billing's `POST /subscriptions/chat-access` and chat's send use it both.
 */
export interface ChatAccessVerdict {
  /** False: refused now, for `reason`. */
  allowed: boolean;
  /** When allowed: refused from this instant on (exclusive), for `reason`; null: no end. */
  allowedUntil: Date | null;
  reason: ChatDenialReason;
  /** When allowed: `trial` is metered against `trialTokensRemaining`; `limited` is past due. */
  access: ChatAccessKind | null;
  trialTokensRemaining: number | null;
}

export const CHAT_ACCESS_KINDS = ['trial', 'full', 'limited'] as const;
export type ChatAccessKind = (typeof CHAT_ACCESS_KINDS)[number];

export interface ChatDenial {
  allowed: false;
  /** 429 for a used-up trial quota, 403 otherwise. */
  httpStatus: 403 | 429;
  code: 'SUBSCRIPTION_REQUIRED' | 'SUBSCRIPTION_EXPIRED' | 'SUBSCRIPTION_LIMIT_REACHED';
  reason: ChatDenialReason;
  detail: string;
  /** Where the client goes to act on it. */
  redirectTo: '/pricing' | '/trial-expired' | '/auth/subscription-expired';
}

export type ChatAccessDecision = { allowed: true; access: ChatAccessKind; metered: boolean } | ChatDenial;

const expired = '/auth/subscription-expired';

/** What each refusal answers: one set of codes and texts for billing and chat alike. */
export const chatDenials: { readonly [R in ChatDenialReason]: ChatDenial & { reason: R } } = {
  no_subscription: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_REQUIRED',
    reason: 'no_subscription',
    detail: 'A subscription is required to chat. Start your free trial or choose a plan.',
    redirectTo: '/pricing',
  },
  trial_expired: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'trial_expired',
    detail: 'Your free trial has ended. Choose a plan to keep chatting.',
    redirectTo: '/trial-expired',
  },
  trial_tokens_exhausted: {
    allowed: false,
    httpStatus: 429,
    code: 'SUBSCRIPTION_LIMIT_REACHED',
    reason: 'trial_tokens_exhausted',
    detail: 'Rate limit exceeded: you have used all of your free trial. Upgrade to keep chatting.',
    redirectTo: '/pricing',
  },
  payment_past_due: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'payment_past_due',
    detail: 'Your last payment did not go through. Update your payment method to keep chatting.',
    redirectTo: expired,
  },
  subscription_cancelled: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'subscription_cancelled',
    detail: 'Your subscription was cancelled and has ended. Reactivate it to keep chatting.',
    redirectTo: expired,
  },
  subscription_expired: {
    allowed: false,
    httpStatus: 403,
    code: 'SUBSCRIPTION_EXPIRED',
    reason: 'subscription_expired',
    detail: 'Your subscription has expired. Renew it to keep chatting.',
    redirectTo: expired,
  },
};

/**
 * May this person chat at `now`, by `verdict` (none yet: no subscription). The time decides, not
 * only the verdict: an allowed verdict ends at `allowedUntil` without another event. A trial with
 * its quota used up is refused with 429 while the trial runs.
 */
export function decideChatAccess(verdict: ChatAccessVerdict | undefined, now: Date): ChatAccessDecision {
  if (!verdict) return chatDenials.no_subscription;
  if (!verdict.allowed || !verdict.access) return chatDenials[verdict.reason];
  if (verdict.allowedUntil && now.getTime() >= verdict.allowedUntil.getTime())
    return chatDenials[verdict.reason];
  const metered = verdict.access === 'trial';
  if (metered && verdict.trialTokensRemaining !== null && verdict.trialTokensRemaining <= 0)
    return chatDenials.trial_tokens_exhausted;
  return { allowed: true, access: verdict.access, metered };
}
