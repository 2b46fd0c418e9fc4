import type { SubscriptionDetails } from '@innerview/api-client';
import { describe, expect, it } from 'vitest';
import { shouldOpenTrialDialog, trialWarning } from './trial-warning.ts';

function trial(overrides: Partial<SubscriptionDetails>): SubscriptionDetails {
  return {
    subscription_status: 'freemium',
    show_trial_warning: true,
    days_remaining: 5,
    trial_end_date: '2026-11-26',
    end_date: '2026-11-26',
    remaining_trial_tokens: 50_000,
    trial_token_quota: 200_000,
    ...overrides,
  } as SubscriptionDetails;
}

describe('trialWarning (docs/product.md#when-the-trial-ends: the last 7 days, end date and what is left)', () => {
  it('in the window: end date, days left and the share of the allowance left', () => {
    expect(trialWarning(trial({}))).toEqual({
      endDate: '2026-11-26',
      daysRemaining: 5,
      allowancePercent: 25,
    });
  });

  it.each([7, 1, 0])('%s days left → warns', (days) => {
    expect(trialWarning(trial({ days_remaining: days }))).not.toBeNull();
  });

  it('not before the last 7 days, even if a stale flag says so', () => {
    expect(trialWarning(trial({ days_remaining: 8 }))).toBeNull();
    expect(trialWarning(trial({ days_remaining: 3, show_trial_warning: false }))).toBeNull();
  });

  it('only for a running trial', () => {
    for (const status of ['monthly', 'yearly', 'expired', 'cancelled', null] as const)
      expect(trialWarning(trial({ subscription_status: status }))).toBeNull();
    expect(trialWarning(undefined)).toBeNull();
  });

  it('rounds the allowance down and keeps it within 0–100; unknown stays unknown', () => {
    expect(trialWarning(trial({ remaining_trial_tokens: 199_999 }))?.allowancePercent).toBe(99);
    expect(trialWarning(trial({ remaining_trial_tokens: 0 }))?.allowancePercent).toBe(0);
    expect(trialWarning(trial({ remaining_trial_tokens: null }))?.allowancePercent).toBeNull();
  });
});

describe('shouldOpenTrialDialog: once a day at most', () => {
  it('opens on a day it was not shown yet', () => {
    expect(shouldOpenTrialDialog(true, null, '2026-11-21')).toBe(true);
    expect(shouldOpenTrialDialog(true, '2026-11-20', '2026-11-21')).toBe(true);
  });
  it('not twice the same day, and never without the warning', () => {
    expect(shouldOpenTrialDialog(true, '2026-11-21', '2026-11-21')).toBe(false);
    expect(shouldOpenTrialDialog(false, null, '2026-11-21')).toBe(false);
  });
});
