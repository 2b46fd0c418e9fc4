import { loadConfig } from '@innerview/kit';
import { describe, expect, it } from 'vitest';
import { billingConfigSchema } from './config.ts';

const load = (env: Record<string, string>) => loadConfig(billingConfigSchema, env);

describe('billing settings', () => {
  it('defaults to the local provider and the built-in price list', () => {
    const config = load({});
    expect(config.PAYMENT_PROVIDER).toBe('local');
    expect(config.BILLING_PRICES.CHF).toEqual({ monthly: 1900, yearly: 19000 });
    expect(config.TRIAL_TOKEN_QUOTA).toBe(200_000);
  });

  it('reads a price list and fills yearly as 10 × monthly', () => {
    const config = load({ BILLING_PRICES: '{"GBP":{"monthly":1500},"CHF":{"monthly":2000,"yearly":18000}}' });
    expect(config.BILLING_PRICES).toEqual({
      GBP: { monthly: 1500, yearly: 15000 },
      CHF: { monthly: 2000, yearly: 18000 },
    });
  });

  it('stops start-up with one line naming the bad setting, never its value', () => {
    expect(() => load({ BILLING_PRICES: 'nope' })).toThrow(
      'Invalid configuration: BILLING_PRICES: must be JSON',
    );
    expect(() => load({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
    );
    expect(() => load({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    let message = '';
    try {
      load({ STRIPE_SECRET_KEY: 'not-a-key-secret123' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).not.toContain('secret123');
  });
});
