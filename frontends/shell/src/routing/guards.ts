import { PATHS } from './paths.ts';

/**
 * Route guards of spec §2 as pure functions: the router asks, the guard answers allow, redirect
 * or loading. Undefined fields mean "not known yet" (still loading), null means "known to be none".
 */

export type AuthState = 'unknown' | 'checking' | 'authenticated' | 'anonymous';

export type GuardState = {
  auth: AuthState;
  /** A token is in storage (a session check can make the visitor signed in). */
  hasStoredToken: boolean;
  onboardingCompleted?: boolean;
  subscriptionStatus?: string | null;
  questionnaire?: { complete: boolean; nextStep: number };
};

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loading' };

const ALLOW: GuardDecision = { kind: 'allow' };
const LOADING: GuardDecision = { kind: 'loading' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Statuses that end access (spec §2 "Active-subscription routes"). See `activeSubscriptionGuard` for cancelled. */
export const BLOCKED_SUBSCRIPTION_STATUSES: readonly string[] = ['expired', 'past_due'];

/** Statuses that still give access: every known status that is not blocked. */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly string[] = [
  'freemium',
  'monthly',
  'yearly',
  'cancelled',
  'cancelling_at_period_end',
];

/** Spec §2 "Onboarding guard": only these statuses may onboard, any other goes to /pricing. */
export const ONBOARDING_SUBSCRIPTION_STATUSES: readonly string[] = [
  'freemium',
  'monthly',
  'yearly',
  'cancelled',
];

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

/**
 * Active-subscription routes (the main layout, /*): signed in first, then the status.
 * - expired and past_due → /auth/subscription-expired (spec §2).
 * - cancelled is allowed: spec §2 lists it, but spec §4 says a cancelled plan keeps access to the
 *   end of its period, and billing turns it into expired at that end, which this guard blocks.
 *   Blocking it here would cut off access the user paid for.
 * - No subscription (null) or a status the app does not know → /pricing, as post-login routing
 *   (spec §4) does: the user has to choose a plan.
 */
export function activeSubscriptionGuard(state: GuardState): GuardDecision {
  const signedIn = guardedRoute(state);
  if (signedIn.kind !== 'allow') return signedIn;
  const status = state.subscriptionStatus;
  if (status === undefined) return LOADING;
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
