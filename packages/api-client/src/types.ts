/**
 * Shapes of the session calls the shell needs (docs/product.md#records-and-their-fields and docs/product.md#http-api). Field names follow the spec's
 * snake_case wire format; fields the spec leaves open are optional.
 */

import type { SubscriptionDetails } from '@innerview/contracts/billing';

/** docs/product.md#subscription-records "Subscription status": listed once, in the contracts. */
export {
  isSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '@innerview/contracts/subscription-status';

/** POST /login/access-token (OAuth2 password form). */
export type LoginRequest = { email: string; password: string };
export type TokenResponse = { access_token: string; token_type: string };

/** The signed-in user as POST /login/test-token and GET /users/me return it. */
export type SessionUser = {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  language?: string;
  theme?: ThemePreference;
  is_onboarding_completed?: boolean;
  is_verified?: boolean;
};

/** GET /users/me: docs/product.md#person-and-settings "the current-user record holds a nested user with is_onboarding_completed". */
export type CurrentUserResponse = SessionUser & { user?: Pick<SessionUser, 'is_onboarding_completed'> };

/** Reads the onboarding flag wherever the current-user record carries it. */
export function isOnboardingCompleted(me: CurrentUserResponse | null | undefined): boolean | undefined {
  return me?.user?.is_onboarding_completed ?? me?.is_onboarding_completed;
}

/** GET /users/me/onboarding-status. */
export type OnboardingStatusResponse = { onboarding_completed: boolean };

/**
 * GET /subscriptions/status: null when the user never chose a plan. The guards name only what they
 * read (past due: limited access lasts until `access_until`); the full body is `SubscriptionDetails`.
 */
export type SubscriptionStatusResponse = Pick<SubscriptionDetails, 'subscription_status'> &
  Partial<Pick<SubscriptionDetails, 'access_until'>>;

/** GET /questionnaire/status (docs/product.md#questionnaire-progress: complete when all 8 answered; next step 1–8). */
export type QuestionnaireStatusResponse = {
  status?: string;
  completed_at?: string | null;
  is_complete: boolean;
  next_step: number;
};

export type ThemePreference = 'light' | 'dark' | 'system';

/** GET /settings/me. */
export type UserSettings = { language: string; theme: ThemePreference };
