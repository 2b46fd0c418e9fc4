import { describe, expect, it } from 'vitest';
import { chooseCurrency, defaultPriceList, formatMoney, pricesIn, resolvePriceList } from './prices.ts';

const list = resolvePriceList(defaultPriceList);

describe('prices', () => {
  it('prices yearly at 10 months (2 months free) unless configured, in minor units', () => {
    expect(list.CHF).toEqual({ monthly: 1900, yearly: 19000 });
    expect(resolvePriceList({ EUR: { monthly: 1000, yearly: 9000 } }).EUR).toEqual({
      monthly: 1000,
      yearly: 9000,
    });
    expect(pricesIn(list, 'USD', 30).map((p) => [p.plan, p.amountMinor, p.interval])).toEqual([
      ['freemium', 0, null],
      ['monthly', 2100, 'month'],
      ['yearly', 21000, 'year'],
    ]);
    expect(() => resolvePriceList({ chf: { monthly: -1 } })).toThrow();
  });

  it('chooses the currency: asked, then country, then Accept-Language region, then CHF', () => {
    expect(chooseCurrency(list, { currency: 'usd' })).toBe('USD');
    expect(chooseCurrency(list, { currency: 'JPY', country: 'FR' })).toBe('EUR');
    expect(chooseCurrency(list, { acceptLanguage: 'de-CH,de;q=0.9' })).toBe('CHF');
    expect(chooseCurrency(list, { acceptLanguage: 'fr,it-IT;q=0.8' })).toBe('EUR');
    expect(chooseCurrency(list, { acceptLanguage: 'en-US' })).toBe('USD');
    expect(chooseCurrency(list, { acceptLanguage: 'en-GB' })).toBe('CHF');
    expect(chooseCurrency(list, {})).toBe('CHF');
  });

  it('shows amounts as amount plus currency', () => {
    expect(formatMoney(1900, 'CHF')).toBe('CHF 19.00');
    expect(formatMoney(21000, 'USD')).toBe('USD 210.00');
  });
});
