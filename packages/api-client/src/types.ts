/**
 * Shapes of the session calls the shell needs (docs/product.md#records-and-their-fields and
 * docs/product.md#http-api). The response types are `z.infer` of the schemas the auth and
 * questionnaire routes answer with (ADR 0066): written once, in @innerview/contracts.
 */

import type { CurrentUserResponse } from '@innerview/contracts/auth';
import type { SubscriptionDetails } from '@innerview/contracts/billing';

export type {
  AccountDeletedResponse,
  CurrentUserResponse,
  MessageResponse,
  OnboardingStatusResponse,
  SettingsResponse as UserSettings,
  Theme as ThemePreference,
  TokenResponse,
  VerifyResponse,
} from '@innerview/contracts/auth';
/** docs/product.md#memory: the memory item and its kinds, from the contracts. */
export {
  MEMORY_TEXT_MAX,
  type MemoryItem,
  type MemoryKind,
  type MemorySource,
  memoryKinds,
} from '@innerview/contracts/memory';
export type {
  AnswerResponse,
  IntroContentResponse,
  QuestionnaireResponse,
  QuestionnaireStatus,
  QuestionnaireStatusResponse,
  QuestionnaireStepContent,
} from '@innerview/contracts/questionnaire';
/** docs/product.md#subscription-records "Subscription status": listed once, in the contracts. */
export {
  isSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '@innerview/contracts/subscription-status';

/** POST /login/access-token (OAuth2 password form). */
export type LoginRequest = { email: string; password: string };

/** The signed-in user as POST /login/test-token and GET /users/me return it. */
export type SessionUser = CurrentUserResponse;

/** docs/product.md#person-and-settings: the current-user record holds a nested user with the onboarding flag. */
export function isOnboardingCompleted(me: CurrentUserResponse | null | undefined): boolean | undefined {
  return me?.user.is_onboarding_completed;
}

/**
 * GET /subscriptions/status: null when the user never chose a plan. The guards name only what they
 * read (past due: limited access lasts until `access_until`); the full body is `SubscriptionDetails`.
 */
export type SubscriptionStatusResponse = Pick<SubscriptionDetails, 'subscription_status'> &
  Partial<Pick<SubscriptionDetails, 'access_until'>>;
