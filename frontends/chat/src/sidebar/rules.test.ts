import { testQuestionnaireStatus } from '@innerview/api-client/testing/bodies';
import { describe, expect, it } from 'vitest';
import { planSummary } from './plan-summary.ts';
import { reminderStep } from './reminder-rules.ts';
import { titleProblem } from './title-rules.ts';

describe('titleProblem', () => {
  it('refuses blank titles and titles over 100 characters (after trimming)', () => {
    expect(titleProblem('')).toBe('required');
    expect(titleProblem('   ')).toBe('required');
    expect(titleProblem('a'.repeat(100))).toBeNull();
    expect(titleProblem(`  ${'a'.repeat(100)}  `)).toBeNull();
    expect(titleProblem('a'.repeat(101))).toBe('tooLong');
  });
});

describe('reminderStep', () => {
  const progress = testQuestionnaireStatus({ answered_steps: [1, 2, 3] });
  it('leads to the next step until the questionnaire is finished', () => {
    expect(reminderStep(progress)).toBe(4);
    expect(reminderStep({ ...progress, next_step: 1, status: 'not_started' })).toBe(1);
    expect(reminderStep({ ...progress, is_complete: true })).toBeNull();
    expect(reminderStep({ ...progress, status: 'submitted' })).toBeNull();
    expect(reminderStep({ ...progress, submitted_at: '2026-05-01T10:00:00Z' })).toBeNull();
  });
  it('shows nothing while the status is unknown, and never puts a bad step in the URL', () => {
    expect(reminderStep(undefined)).toBeNull();
    expect(reminderStep({ ...progress, next_step: 42 })).toBe(1);
    expect(reminderStep({ ...progress, next_step: 2.5 })).toBe(1);
  });
});

describe('planSummary', () => {
  it('gives trial days with a warning in the last 7 days', () => {
    expect(planSummary({ subscription_status: 'freemium', days_remaining: 12 })).toEqual({
      kind: 'trial',
      daysRemaining: 12,
      warning: false,
    });
    expect(planSummary({ subscription_status: 'freemium', days_remaining: 7 })).toMatchObject({
      warning: true,
    });
  });
  it('names paid plans, flags past due, and says nothing otherwise', () => {
    expect(planSummary({ subscription_status: 'yearly' })).toEqual({ kind: 'paid', plan: 'yearly' });
    expect(planSummary({ subscription_status: 'cancelling_at_period_end', plan_type: 'monthly' })).toEqual({
      kind: 'paid',
      plan: 'monthly',
    });
    expect(planSummary({ subscription_status: 'past_due', access_until: '2026-06-01' })).toEqual({
      kind: 'pastDue',
    });
    expect(planSummary({ subscription_status: null })).toBeNull();
    expect(planSummary({ subscription_status: 'expired' })).toBeNull();
    expect(planSummary({ subscription_status: 'freemium', days_remaining: null })).toBeNull();
    expect(planSummary(undefined)).toBeNull();
  });
});
