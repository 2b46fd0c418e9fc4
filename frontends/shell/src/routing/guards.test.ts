import { SUBSCRIPTION_STATUSES } from '@innerview/contracts/subscription-status';
import { describe, expect, it } from 'vitest';
import {
  type AuthState,
  activeSubscriptionGuard,
  type GuardDecision,
  type GuardState,
  guardedRoute,
  onboardingGuard,
  publicRouteGuard,
} from './guards.ts';

const allow: GuardDecision = { kind: 'allow' };
const loading: GuardDecision = { kind: 'loading' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

const AUTH_STATES: AuthState[] = ['unknown', 'checking', 'authenticated', 'anonymous'];
/** undefined = not loaded yet, null = no subscription, then every status of docs/product.md#subscription-records and one unknown. */
const STATUSES = [undefined, null, ...SUBSCRIPTION_STATUSES, 'paused'] as const;
const ONBOARDING = [undefined, false, true] as const;

function state(auth: AuthState, hasStoredToken: boolean, extra: Partial<GuardState> = {}): GuardState {
  return { auth, hasStoredToken, ...extra };
}

/** docs/product.md#guards, for a visitor who is not (yet) signed in. */
const NOT_SIGNED_IN: Array<[AuthState, boolean, GuardDecision]> = [
  ['unknown', true, loading],
  ['unknown', false, to('/')],
  ['checking', true, loading],
  ['checking', false, loading],
  ['anonymous', true, to('/')],
  ['anonymous', false, to('/')],
];

describe('guardedRoute', () => {
  it.each(NOT_SIGNED_IN)('%s, stored token %s → %o', (auth, token, expected) => {
    for (const status of STATUSES) {
      for (const onboardingCompleted of ONBOARDING) {
        expect(guardedRoute(state(auth, token, { subscriptionStatus: status, onboardingCompleted }))).toEqual(
          expected,
        );
      }
    }
  });

  it.each([true, false])('authenticated (stored token %s) → allow, whatever the status', (token) => {
    for (const status of STATUSES)
      expect(guardedRoute(state('authenticated', token, { subscriptionStatus: status }))).toEqual(allow);
  });
});

describe('publicRouteGuard', () => {
  const rows: Array<[AuthState, boolean, boolean | undefined, GuardDecision]> = [
    ['unknown', true, undefined, loading],
    ['unknown', false, undefined, allow],
    ['checking', true, undefined, loading],
    ['checking', false, undefined, loading],
    ['anonymous', true, undefined, allow],
    ['anonymous', false, true, allow],
    ['authenticated', true, true, to('/chat')],
    ['authenticated', false, true, to('/chat')],
    ['authenticated', true, false, to('/onboarding/questionnaire-invitation')],
    ['authenticated', false, false, to('/onboarding/questionnaire-invitation')],
    ['authenticated', true, undefined, loading],
  ];
  it.each(rows)(
    '%s, stored token %s, onboarding completed %s → %o',
    (auth, token, onboardingCompleted, expected) => {
      for (const status of STATUSES) {
        expect(
          publicRouteGuard(state(auth, token, { onboardingCompleted, subscriptionStatus: status })),
        ).toEqual(expected);
      }
    },
  );
});

describe('activeSubscriptionGuard', () => {
  it.each(NOT_SIGNED_IN)('%s, stored token %s → %o for every status', (auth, token, expected) => {
    for (const status of STATUSES) {
      expect(activeSubscriptionGuard(state(auth, token, { subscriptionStatus: status }))).toEqual(expected);
    }
  });

  const rows: Array<[string | null | undefined, GuardDecision]> = [
    [undefined, loading],
    [null, to('/pricing')],
    ['freemium', allow],
    ['monthly', allow],
    ['yearly', allow],
    // Billing's cancelled is a cancelled plan whose period has ended (ADR 11); the running period
    // after a cancellation is cancelling_at_period_end (docs/product.md#how-things-change-over-time: access to the period end).
    ['cancelled', to('/auth/subscription-expired')],
    ['cancelling_at_period_end', allow],
    // Without an access-until date still to come (see the past-due tests below).
    ['past_due', to('/auth/subscription-expired')],
    ['expired', to('/auth/subscription-expired')],
    ['paused', to('/pricing')],
  ];
  it.each(rows)('authenticated with status %s → %o', (status, expected) => {
    for (const token of [true, false]) {
      for (const onboardingCompleted of ONBOARDING) {
        expect(
          activeSubscriptionGuard(
            state('authenticated', token, { subscriptionStatus: status, onboardingCompleted }),
          ),
        ).toEqual(expected);
      }
    }
  });

  it('covers every status in the table', () => {
    expect(rows.map(([status]) => status)).toEqual([...STATUSES]);
  });
});

describe('activeSubscriptionGuard, past due (docs/product.md#subscription-states: limited access until a date; ADR 22)', () => {
  const pastDue = (subscriptionAccessUntil: string | null | undefined, today = '2026-11-21') =>
    activeSubscriptionGuard(
      state('authenticated', true, { subscriptionStatus: 'past_due', subscriptionAccessUntil, today }),
    );

  it.each([
    ['2026-11-28', allow],
    // The last day of the grace period still counts; billing ends it to the minute.
    ['2026-11-21', allow],
    ['2026-11-20', to('/auth/subscription-expired')],
    [null, to('/auth/subscription-expired')],
    [undefined, to('/auth/subscription-expired')],
  ] as const)('access until %s, today 2026-11-21 → %o', (until, expected) => {
    expect(pastDue(until)).toEqual(expected);
  });

  it('reads today from the clock when none is given', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const guard = (subscriptionAccessUntil: string) =>
      activeSubscriptionGuard(
        state('authenticated', true, { subscriptionStatus: 'past_due', subscriptionAccessUntil }),
      );
    expect(guard(tomorrow)).toEqual(allow);
    expect(guard(yesterday)).toEqual(to('/auth/subscription-expired'));
  });

  it('an access-until date lets no other blocked status in', () => {
    for (const status of ['expired', 'cancelled']) {
      expect(
        activeSubscriptionGuard(
          state('authenticated', true, {
            subscriptionStatus: status,
            subscriptionAccessUntil: '2099-01-01',
            today: '2026-11-21',
          }),
        ),
      ).toEqual(to('/auth/subscription-expired'));
    }
  });
});

describe('onboardingGuard', () => {
  it.each(NOT_SIGNED_IN)('%s, stored token %s → %o', (auth, token, expected) => {
    for (const status of STATUSES) {
      for (const onboardingCompleted of ONBOARDING) {
        expect(
          onboardingGuard(state(auth, token, { subscriptionStatus: status, onboardingCompleted })),
        ).toEqual(expected);
      }
    }
  });

  it('authenticated with onboarding completed → /chat whatever the status', () => {
    for (const status of STATUSES) {
      expect(
        onboardingGuard(
          state('authenticated', true, { onboardingCompleted: true, subscriptionStatus: status }),
        ),
      ).toEqual(to('/chat'));
    }
  });

  it('authenticated with onboarding not known yet → loading', () => {
    for (const status of STATUSES) {
      expect(onboardingGuard(state('authenticated', true, { subscriptionStatus: status }))).toEqual(loading);
    }
  });

  const rows: Array<[string | null | undefined, GuardDecision]> = [
    [undefined, loading],
    [null, to('/pricing')],
    ['freemium', allow],
    ['monthly', allow],
    ['yearly', allow],
    ['cancelled', allow],
    // Not in docs/product.md#screens-and-navigation's list of statuses that may onboard.
    ['cancelling_at_period_end', to('/pricing')],
    ['past_due', to('/pricing')],
    ['expired', to('/pricing')],
    ['paused', to('/pricing')],
  ];
  it.each(rows)('authenticated, onboarding not completed, status %s → %o', (status, expected) => {
    expect(
      onboardingGuard(
        state('authenticated', true, { onboardingCompleted: false, subscriptionStatus: status }),
      ),
    ).toEqual(expected);
  });

  it('covers every status in the table', () => {
    expect(rows.map(([status]) => status)).toEqual([...STATUSES]);
  });
});

it('every auth state is covered by the tables above', () => {
  const covered = new Set([...NOT_SIGNED_IN.map(([auth]) => auth), 'authenticated']);
  expect([...covered].sort()).toEqual([...AUTH_STATES].sort());
});
