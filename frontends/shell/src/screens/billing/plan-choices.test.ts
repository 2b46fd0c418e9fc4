import type { SwitchOption } from '@innerview/api-client';
import { describe, expect, it } from 'vitest';
import { canChooseCurrency, confirmContent, type Formatters, planButton } from './plan-choices.ts';

const format: Formatters = {
  money: (minor, currency) => `${currency} ${(minor / 100).toFixed(2)}`,
  date: (iso) => `on ${iso}`,
  plan: (plan) => plan.toUpperCase(),
};

function option(overrides: Partial<SwitchOption>): SwitchOption {
  return {
    plan: 'monthly',
    action: 'checkout',
    reason: null,
    charge_now_minor: 1900,
    amount_minor: 1900,
    currency: 'CHF',
    first_charge_date: '2026-11-21',
    effective_date: '2026-11-21',
    trial_days_lost: 0,
    trial_tokens_lost: 0,
    message: 'subscribe_monthly',
    ...overrides,
  };
}

describe('planButton: the button of a plan card per switch-option action', () => {
  it.each([
    ['activate_trial', null, 'activate_trial', true],
    ['checkout', null, 'checkout', true],
    ['checkout', 'freemium', 'upgrade', true],
    ['checkout', 'expired', 'checkout', true],
    ['schedule', 'monthly', 'schedule', true],
    ['keep', 'yearly', 'keep', true],
    ['reactivate', 'cancelling_at_period_end', 'reactivate', true],
    ['current', 'monthly', 'current', false],
    ['unavailable', 'past_due', 'unavailable', false],
  ] as const)('%s (status %s) → %s, enabled %s', (action, status, labelKey, enabled) => {
    expect(planButton(option({ action }), status)).toMatchObject({ labelKey, enabled });
  });

  it('a change already scheduled reads as such, not as the current plan', () => {
    expect(planButton(option({ action: 'current', message: 'change_already_scheduled' }), 'monthly')).toEqual(
      {
        labelKey: 'scheduled',
        enabled: false,
      },
    );
  });

  it('says why a plan is unavailable', () => {
    expect(
      planButton(
        option({ plan: 'freemium', action: 'unavailable', reason: 'trial_used', message: 'trial_used' }),
        'monthly',
      ).reasonKey,
    ).toBe('trial_used');
    expect(
      planButton(
        option({ action: 'unavailable', reason: null, message: 'update_payment_method' }),
        'past_due',
      ).reasonKey,
    ).toBe('update_payment_method');
  });
});

describe('confirmContent: what the confirmation of each change says (docs/product.md#how-things-change-over-time)', () => {
  it('trial → paid: charged now, today, and the rest of the trial is lost', () => {
    const content = confirmContent(
      option({
        message: 'trial_to_yearly',
        plan: 'yearly',
        charge_now_minor: 19000,
        amount_minor: 19000,
        trial_days_lost: 12,
        trial_tokens_lost: 5000,
      }),
      format,
    );
    expect(content).toEqual({
      message: 'trial_to_yearly',
      values: {
        plan: 'YEARLY',
        amount: 'CHF 190.00',
        chargeNow: 'CHF 190.00',
        date: 'on 2026-11-21',
        days: 12,
      },
      showsLoss: true,
    });
  });

  it('monthly → yearly: at the period end, nothing charged now, nothing lost', () => {
    const content = confirmContent(
      option({
        action: 'schedule',
        plan: 'yearly',
        message: 'monthly_to_yearly',
        charge_now_minor: 0,
        amount_minor: 19000,
        first_charge_date: '2026-12-21',
        effective_date: '2026-12-21',
      }),
      format,
    );
    expect(content?.values).toMatchObject({
      chargeNow: 'CHF 0.00',
      amount: 'CHF 190.00',
      date: 'on 2026-12-21',
    });
    expect(content?.showsLoss).toBe(false);
  });

  it('a trial with nothing left to lose does not claim a loss', () => {
    expect(confirmContent(option({ message: 'trial_to_monthly' }), format)?.showsLoss).toBe(false);
  });

  it('no confirmation for the current plan, an unavailable one, or a message without a text', () => {
    expect(confirmContent(option({ action: 'current', message: 'current_plan' }), format)).toBeNull();
    expect(confirmContent(option({ action: 'unavailable', message: 'trial_used' }), format)).toBeNull();
    expect(confirmContent(option({ message: 'something_new' }), format)).toBeNull();
  });
});

describe('canChooseCurrency', () => {
  it.each([
    [null, true],
    ['freemium', true],
    ['expired', true],
    ['cancelled', true],
    ['monthly', false],
    ['yearly', false],
    ['cancelling_at_period_end', false],
    ['past_due', false],
  ] as const)('status %s → %s', (subscription_status, expected) => {
    expect(canChooseCurrency({ subscription_status } as never)).toBe(expected);
  });
});
