// Test-only: which contract schema the real service answers each call with, so a fake answer in a
// front end's test is checked against it (`fakeApi`). The pairs follow the services' route
// definitions (their `responses`), which declare the same schemas (ADR 0066).
import {
  CurrentUserResponse,
  MessageResponse,
  OnboardingStatusResponse,
  SettingsOptionsResponse,
  SettingsResponse,
  TokenResponse,
} from '@innerview/contracts/auth';
import {
  CheckoutResponse,
  FreemiumStatusResponse,
  PricesResponse,
  ReactivateResponse,
  SubscriptionStatusResponse,
  SwitchOptionsResponse,
  UrlResponse,
} from '@innerview/contracts/billing';
import { Goal, GoalList, GoalSettings } from '@innerview/contracts/goals';
import {
  AnswersResponse,
  IntroContentResponse,
  QuestionnaireResponse,
  QuestionnaireStatusResponse,
} from '@innerview/contracts/questionnaire';
import type { z } from 'zod';

type ResponseSchema = [method: string, path: string | RegExp, schema: z.ZodType];

/** Exported for the check against the services' OpenAPI documents (scripts/response-schemas.test.ts). */
export const RESPONSE_SCHEMAS: readonly ResponseSchema[] = [
  ['POST', '/login/access-token', TokenResponse],
  ['POST', '/login/test-token', CurrentUserResponse],
  ['POST', '/login/logout', MessageResponse],
  ['GET', '/users/me', CurrentUserResponse],
  ['PATCH', '/users/me', CurrentUserResponse],
  ['GET', '/users/me/onboarding-status', OnboardingStatusResponse],
  ['PATCH', '/users/me/password', MessageResponse],
  ['POST', '/users/signup', MessageResponse],
  ['GET', '/settings/options', SettingsOptionsResponse],
  ['GET', '/settings/me', SettingsResponse],
  ['PUT', '/settings/me', SettingsResponse],
  ['DELETE', '/settings/me', SettingsResponse],
  ['GET', /^\/subscriptions\/(local|stripe)-prices$/, PricesResponse],
  ['GET', '/subscriptions/status', SubscriptionStatusResponse],
  ['POST', '/subscriptions/freemium/activate', SubscriptionStatusResponse],
  ['GET', '/subscriptions/freemium/status', FreemiumStatusResponse],
  ['POST', /^\/subscriptions\/checkout\/[a-z]+$/, CheckoutResponse],
  ['POST', /^\/subscriptions\/switch\/[a-z]+$/, SubscriptionStatusResponse],
  ['GET', '/subscriptions/switch-options', SwitchOptionsResponse],
  ['POST', '/subscriptions/cancel', SubscriptionStatusResponse],
  ['POST', '/subscriptions/reactivate', ReactivateResponse],
  ['POST', '/subscriptions/payment-method', UrlResponse],
  ['GET', '/answers/', AnswersResponse],
  ['GET', '/questionnaire/intro-content', IntroContentResponse],
  ['GET', '/questionnaire/status', QuestionnaireStatusResponse],
  ['GET', '/questionnaire/me', QuestionnaireResponse],
  ['PUT', '/questionnaire/me', QuestionnaireResponse],
  ['POST', '/questionnaire/submit', QuestionnaireStatusResponse],
  ['GET', '/goals/', GoalList],
  ['POST', '/goals/', Goal],
  ['PATCH', /^\/goals\/[^/]+$/, Goal],
  ['GET', '/goals/settings', GoalSettings],
  ['PUT', '/goals/settings', GoalSettings],
];

/** The schema of a successful answer to `method path` (after /api/v1), when the contracts have it. */
export function responseSchemaOf(method: string, path: string): z.ZodType | undefined {
  const found = RESPONSE_SCHEMAS.find(
    ([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)),
  );
  return found?.[2];
}
