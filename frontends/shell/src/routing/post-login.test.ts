import { SUBSCRIPTION_STATUSES } from '@innerview/contracts/subscription-status';
import { describe, expect, it } from 'vitest';
import { type PostLoginState, postLoginRoute } from './post-login.ts';

/** Not loaded, none, an empty one, every status of docs/product.md#subscription-records, and one unknown. */
const STATUSES = [undefined, null, '', ...SUBSCRIPTION_STATUSES, 'unpaid'] as const;
const PLAN_OK = ['freemium', 'monthly', 'yearly', 'cancelled', 'cancelling_at_period_end'];

const QUESTIONNAIRES: Array<[string, PostLoginState['questionnaire']]> = [
  ['none loaded', undefined],
  ['null', null],
  ['complete', { complete: true, nextStep: 8 }],
  ['at step 1', { complete: false, nextStep: 1 }],
  ['at step 2', { complete: false, nextStep: 2 }],
  ['at step 5', { complete: false, nextStep: 5 }],
  ['at step 8', { complete: false, nextStep: 8 }],
  ['at a broken step 0', { complete: false, nextStep: 0 }],
  ['at a broken step 9', { complete: false, nextStep: 9 }],
  ['at a broken step 2.5', { complete: false, nextStep: 2.5 }],
];

/** docs/product.md#how-things-change-over-time for a user whose plan allows onboarding and who has not completed it. */
const BY_QUESTIONNAIRE: Record<string, string> = {
  'none loaded': '/onboarding/questionnaire-invitation',
  null: '/onboarding/questionnaire-invitation',
  complete: '/chat',
  'at step 1': '/onboarding/questionnaire-invitation',
  'at step 2': '/onboarding/questionnaire?step=2',
  'at step 5': '/onboarding/questionnaire?step=5',
  'at step 8': '/onboarding/questionnaire?step=8',
  'at a broken step 0': '/onboarding/questionnaire-invitation',
  'at a broken step 9': '/onboarding/questionnaire-invitation',
  'at a broken step 2.5': '/onboarding/questionnaire-invitation',
};

describe('postLoginRoute (docs/product.md#where-a-person-lands-after-signing-in)', () => {
  it.each(['expired', 'past_due'])('%s → /auth/subscription-expired, whatever else', (status) => {
    for (const onboardingCompleted of [undefined, false, true]) {
      for (const [, questionnaire] of QUESTIONNAIRES) {
        expect(postLoginRoute({ subscriptionStatus: status, onboardingCompleted, questionnaire })).toBe(
          '/auth/subscription-expired',
        );
      }
    }
  });

  it.each([undefined, null, '', 'unpaid'])(
    'no or unknown status (%s) → /pricing, whatever else',
    (status) => {
      for (const onboardingCompleted of [undefined, false, true]) {
        for (const [, questionnaire] of QUESTIONNAIRES) {
          expect(postLoginRoute({ subscriptionStatus: status, onboardingCompleted, questionnaire })).toBe(
            '/pricing',
          );
        }
      }
    },
  );

  it.each(PLAN_OK)('%s with onboarding completed → /chat', (status) => {
    for (const [, questionnaire] of QUESTIONNAIRES) {
      expect(postLoginRoute({ subscriptionStatus: status, onboardingCompleted: true, questionnaire })).toBe(
        '/chat',
      );
    }
  });

  for (const status of PLAN_OK) {
    it.each(QUESTIONNAIRES)(
      `${status}, onboarding not completed, questionnaire %s`,
      (name, questionnaire) => {
        for (const onboardingCompleted of [undefined, false]) {
          expect(postLoginRoute({ subscriptionStatus: status, onboardingCompleted, questionnaire })).toBe(
            BY_QUESTIONNAIRE[name],
          );
        }
      },
    );
  }

  it('the tables cover every status', () => {
    const covered = new Set<unknown>(['expired', 'past_due', undefined, null, '', 'unpaid', ...PLAN_OK]);
    for (const status of STATUSES) expect(covered.has(status)).toBe(true);
  });
});
