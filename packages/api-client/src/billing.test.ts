import { describe, expect, it } from 'vitest';
import { formatBillingDate, formatMoney, trialAllowancePercent } from './billing.ts';

describe('formatMoney: minor units as amount plus currency (docs/product.md#billing-terms)', () => {
  // Intl separates amount and code with a no-break space; compared here as a plain one.
  const money = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/\s/g, ' ');

  it('shows the code, then the amount, the Swiss way in every language (glossary, ADR 60)', () => {
    expect(money(1900, 'CHF', 'en')).toBe('CHF 19.00');
    expect(money(19000, 'CHF', 'en')).toBe('CHF 190.00');
    expect(money(2100, 'USD', 'en')).toBe('USD 21.00');
    // As the checkout page and the mails write it: never "19,00 CHF".
    expect(money(1900, 'CHF', 'fr')).toBe('CHF 19.00');
    expect(money(1900, 'EUR', 'de')).toBe('EUR 19.00');
    expect(money(1900, 'CHF', 'it')).toBe('CHF 19.00');
  });

  it('divides by the currency’s own decimals', () => {
    expect(money(500, 'JPY', 'en')).toBe('JPY 500');
  });
});

describe('formatBillingDate', () => {
  it('reads YYYY-MM-DD as that UTC day, in the reader’s language', () => {
    expect(formatBillingDate('2027-03-31', 'en')).toBe('March 31, 2027');
    expect(formatBillingDate('2027-03-31', 'fr')).toBe('31 mars 2027');
    expect(formatBillingDate('2027-01-01', 'de')).toBe('1. Januar 2027');
  });
  it('gives back what it cannot read', () => {
    expect(formatBillingDate('soon', 'en')).toBe('soon');
  });
});

describe('trialAllowancePercent', () => {
  it('is the share left, rounded down', () => {
    expect(trialAllowancePercent({ remaining_trial_tokens: 100_000, trial_token_quota: 200_000 })).toBe(50);
    expect(trialAllowancePercent({ remaining_trial_tokens: 1, trial_token_quota: 200_000 })).toBe(0);
    expect(trialAllowancePercent({ remaining_trial_tokens: null, trial_token_quota: 200_000 })).toBeNull();
  });
});
