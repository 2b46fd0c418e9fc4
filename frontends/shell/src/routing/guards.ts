import type { SubscriptionStatus } from '@innerview/contracts/subscription-status';
import { PATHS } from './paths.ts';

/**
 * Route guards of docs/product.md#guards as pure functions: the router asks, the guard answers allow, redirect
 * or loading. Undefined fields mean "not known yet" (still loading), null means "known to be none".
 */

export type AuthState = 'unknown' | 'checking' | 'authenticated' | 'anonymous';

export type GuardState = {
  auth: AuthState;
  /** A token is in storage (a session check can make the visitor signed in). */
  hasStoredToken: boolean;
  onboardingCompleted?: boolean;
  subscriptionStatus?: string | null;
  /** Past due: the last day (YYYY-MM-DD, UTC) of the limited access billing grants. */
  subscriptionAccessUntil?: string | null;
  /** Today as YYYY-MM-DD (UTC); the current date when left out (tests pass one). */
  today?: string;
  questionnaire?: { complete: boolean; nextStep: number };
};

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loading' };

const ALLOW: GuardDecision = { kind: 'allow' };
const LOADING: GuardDecision = { kind: 'loading' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/**
 * Statuses that end access (docs/product.md#guards). `cancelled` is billing's status
 * for a cancelled plan whose paid period HAS ended (ADR 11); the period still running after a
 * cancellation is `cancelling_at_period_end`, which keeps access (docs/product.md#how-things-change-over-time). `past_due` is blocked
 * only once its limited access has ended: see `activeSubscriptionGuard` and ADR 22.
 */
export const BLOCKED_SUBSCRIPTION_STATUSES: readonly string[] = [
  'expired',
  'cancelled',
  'past_due',
] satisfies SubscriptionStatus[];

/** Statuses that give access: every known status that is not blocked (past_due: until its date). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly string[] = [
  'freemium',
  'monthly',
  'yearly',
  'cancelling_at_period_end',
  'past_due',
] satisfies SubscriptionStatus[];

/** docs/product.md#guards: only these statuses may onboard, any other goes to /pricing. */
export const ONBOARDING_SUBSCRIPTION_STATUSES: readonly string[] = [
  'freemium',
  'monthly',
  'yearly',
  'cancelled',
] satisfies SubscriptionStatus[];

/** Is the session still being settled (a stored token not yet checked)? */
function sessionPending(state: GuardState): boolean {
  return state.auth === 'checking' || (state.auth === 'unknown' && state.hasStoredToken);
}

/**
 * Public routes (/, /login, /signup, /auth/password-reset, /reset-password): a signed-in user is
 * sent to /chat when onboarding is completed, otherwise to the questionnaire invitation. While a
 * stored token is checked the form is not shown yet, so it does not flash before the redirect.
 */
export function publicRouteGuard(state: GuardState): GuardDecision {
  if (sessionPending(state)) return LOADING;
  if (state.auth !== 'authenticated') return ALLOW;
  if (state.onboardingCompleted === undefined) return LOADING;
  return redirect(state.onboardingCompleted ? PATHS.chat : PATHS.questionnaireInvitation);
}

/** Guarded (signed-in) routes: a visitor goes to /; a stored token shows the loading screen while checked. */
export function guardedRoute(state: GuardState): GuardDecision {
  if (state.auth === 'authenticated') return ALLOW;
  if (sessionPending(state)) return LOADING;
  return redirect(PATHS.root);
}

/** Past due with limited access still running (docs/product.md#subscription-states): its date is today or later. */
function pastDueWithAccess(state: GuardState): boolean {
  const until = state.subscriptionAccessUntil;
  const today = state.today ?? new Date().toISOString().slice(0, 10);
  return typeof until === 'string' && until >= today;
}

/**
 * Active-subscription routes (the main layout, /*): signed in first, then the status.
 * - expired, cancelled (its period has ended, ADR 11) → /auth/subscription-expired (docs/product.md#routes).
 * - past_due keeps the limited access of docs/product.md#subscription-states while its access-until date has not passed (the
 *   layout shows the payment-overdue notice); after it → /auth/subscription-expired. Billing's
 *   chat-access decides the same way, to the minute, and its sweep then turns the status into
 *   expired (ADR 22).
 * - cancelling_at_period_end keeps access to the end of the period.
 * - No subscription (null) or a status the app does not know → /pricing, as post-login routing
 *   (docs/product.md#how-things-change-over-time) does: the user has to choose a plan.
 */
export function activeSubscriptionGuard(state: GuardState): GuardDecision {
  const signedIn = guardedRoute(state);
  if (signedIn.kind !== 'allow') return signedIn;
  const status = state.subscriptionStatus;
  if (status === undefined) return LOADING;
  if (status === 'past_due' && pastDueWithAccess(state)) return ALLOW;
  if (status !== null && BLOCKED_SUBSCRIPTION_STATUSES.includes(status))
    return redirect(PATHS.subscriptionExpired);
  if (status === null || !ACTIVE_SUBSCRIPTION_STATUSES.includes(status)) return redirect(PATHS.pricing);
  return ALLOW;
}

/**
 * Onboarding routes (questionnaire invitation and stepper): signed in first; completed onboarding
 * → /chat; a status other than freemium, monthly, yearly or cancelled (including none) → /pricing.
 * cancelling_at_period_end is not in the spec's list, so it goes to /pricing as written.
 */
export function onboardingGuard(state: GuardState): GuardDecision {
  const signedIn = guardedRoute(state);
  if (signedIn.kind !== 'allow') return signedIn;
  if (state.onboardingCompleted === undefined) return LOADING;
  if (state.onboardingCompleted) return redirect(PATHS.chat);
  const status = state.subscriptionStatus;
  if (status === undefined) return LOADING;
  if (status === null || !ONBOARDING_SUBSCRIPTION_STATUSES.includes(status)) return redirect(PATHS.pricing);
  return ALLOW;
}
