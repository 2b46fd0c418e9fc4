import { isSubscriptionStatus } from '@innerview/contracts/subscription-status';
import { PATHS } from './paths.ts';

export type PostLoginState = {
  subscriptionStatus?: string | null;
  onboardingCompleted?: boolean;
  questionnaire?: { complete: boolean; nextStep: number } | null;
};

const QUESTIONNAIRE_STEPS = 8;

/**
 * Where a user lands after login or a restored session (docs/product.md#where-a-person-lands-after-signing-in), in order:
 * expired or past_due → subscription expired; no or unknown status → pricing; onboarding completed
 * → chat; questionnaire complete → chat; a resume step above 1 → that step; else the invitation.
 */
export function postLoginRoute({
  subscriptionStatus,
  onboardingCompleted,
  questionnaire,
}: PostLoginState): string {
  if (subscriptionStatus === 'expired' || subscriptionStatus === 'past_due') return PATHS.subscriptionExpired;
  // Any status the contracts do not list counts as unknown.
  if (!isSubscriptionStatus(subscriptionStatus)) return PATHS.pricing;
  if (onboardingCompleted) return PATHS.chat;
  if (questionnaire?.complete) return PATHS.chat;
  const step = questionnaire?.nextStep;
  // The step goes into a URL: only a whole step of the questionnaire is used (docs/product.md#questionnaire-progress: 1 to 8).
  if (typeof step === 'number' && Number.isInteger(step) && step > 1 && step <= QUESTIONNAIRE_STEPS) {
    return `${PATHS.questionnaire}?step=${step}`;
  }
  return PATHS.questionnaireInvitation;
}
