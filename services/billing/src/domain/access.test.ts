import { describe, expect, it } from 'vitest';
import { chatAccess } from './access.ts';
import { addDays } from './dates.ts';
import { initialState, type SubscriptionState } from './subscription-state.ts';

const now = new Date('2026-05-10T12:00:00.000Z');
const state = (overrides: Partial<SubscriptionState>): SubscriptionState => ({
  ...initialState(100),
  ...overrides,
});
const soon = addDays(now, 3);
const past = addDays(now, -3);

describe('chat access', () => {
  it.each([
    ['no plan yet', state({}), 403, 'SUBSCRIPTION_REQUIRED', 'no_subscription', '/pricing'],
    [
      'trial over',
      state({ status: 'freemium', trialEndsAt: past }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'trial_expired',
      '/trial-expired',
    ],
    [
      'trial used up',
      state({ status: 'freemium', trialEndsAt: soon, trialTokensRemaining: 0 }),
      429,
      'SUBSCRIPTION_LIMIT_REACHED',
      'trial_tokens_exhausted',
      '/pricing',
    ],
    [
      'past due after its date',
      state({ status: 'past_due', plan: 'monthly', accessUntil: past }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'payment_past_due',
      '/auth/subscription-expired',
    ],
    [
      'cancelled and ended',
      state({ status: 'cancelled', plan: 'monthly', endedAt: past }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'subscription_cancelled',
      '/auth/subscription-expired',
    ],
    [
      'cancelling, period over',
      state({ status: 'cancelling_at_period_end', plan: 'yearly', currentPeriodEnd: past }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'subscription_cancelled',
      '/auth/subscription-expired',
    ],
    [
      'trial expired (locked)',
      state({ status: 'expired', expiredReason: 'trial_ended' }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'trial_expired',
      '/trial-expired',
    ],
    [
      'expired',
      state({ status: 'expired', expiredReason: 'payment_failed' }),
      403,
      'SUBSCRIPTION_EXPIRED',
      'subscription_expired',
      '/auth/subscription-expired',
    ],
  ] as const)('refuses: %s', (_label, s, httpStatus, code, reason, redirectTo) => {
    expect(chatAccess(s, now)).toMatchObject({ allowed: false, httpStatus, code, reason, redirectTo });
  });

  it.each([
    ['trial', state({ status: 'freemium', trialEndsAt: soon, trialTokensRemaining: 5 }), 'trial'],
    ['monthly', state({ status: 'monthly', plan: 'monthly', currentPeriodEnd: soon }), 'full'],
    [
      'monthly, renewal landing',
      state({ status: 'yearly', plan: 'yearly', currentPeriodEnd: addDays(now, -0.5) }),
      'full',
    ],
    [
      'cancelling before the end',
      state({ status: 'cancelling_at_period_end', plan: 'monthly', currentPeriodEnd: soon }),
      'full',
    ],
    [
      'past due before its date',
      state({ status: 'past_due', plan: 'monthly', accessUntil: soon }),
      'limited',
    ],
  ] as const)('allows: %s', (_label, s, access) => {
    expect(chatAccess(s, now)).toMatchObject({ allowed: true, access });
  });
});
