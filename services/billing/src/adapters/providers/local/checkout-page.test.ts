import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from './checkout-page.ts';

const base = {
  nonce: 'n0nce',
  checkout: { purpose: 'subscribe' as const, plan: 'monthly', currency: 'CHF', amountMinor: 1900 },
  formToken: 'tok',
  cancelUrl: 'https://app.innerview.ch/pricing',
};

describe('the local checkout page', () => {
  it('states the plan and price with VAT in the reader’s language, and the test cards', () => {
    const en = renderCheckoutPage({ ...base, language: 'en' });
    expect(en).toContain('Monthly plan: CHF 19.00 per month');
    expect(en).toContain('4242 4242 4242 4242 (succeeds)');
    expect(en).toContain('VAT included. Billing starts today.');
    expect(renderCheckoutPage({ ...base, language: 'fr' })).toContain(
      'Abonnement mensuel\u00a0: CHF 19.00 par mois',
    );
  });

  it('has no script, styles only by nonce, and escapes what it echoes', () => {
    const page = renderCheckoutPage({
      ...base,
      language: 'en',
      problem: 'invalid_expiry',
      expiry: '"><script>alert(1)</script>',
    });
    expect(page).not.toContain('<script');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).toContain('<style nonce="n0nce">');
    expect(page).toContain('role="alert"');
    expect(page).toContain('Enter the expiry date as MM/YY.');
  });

  it('shows no form for a closed checkout', () => {
    const page = renderCheckoutPage({ ...base, language: 'de', checkout: null, formToken: null });
    expect(page).not.toContain('<form');
    expect(page).toContain('Diese Bezahlung ist nicht mehr offen.');
  });
});
