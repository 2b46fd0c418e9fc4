import { describe, expect, it } from 'vitest';
import { type BillingHarness, useBillingHarness } from './testing/harness.ts';

let h: BillingHarness;
useBillingHarness((harness) => {
  h = harness;
});

describe('the billing OpenAPI document', () => {
  it('documents every call, with the status display info and the chat-access refusals', async () => {
    const response = await h.call('GET', '/openapi.json');
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths);
    for (const path of [
      '/api/v1/subscriptions/status',
      '/api/v1/subscriptions/local-prices',
      '/api/v1/subscriptions/stripe-prices',
      '/api/v1/subscriptions/freemium/activate',
      '/api/v1/subscriptions/freemium/status',
      '/api/v1/subscriptions/checkout/{plan}',
      '/api/v1/subscriptions/switch/{plan}',
      '/api/v1/subscriptions/switch-options',
      '/api/v1/subscriptions/cancel',
      '/api/v1/subscriptions/reactivate',
      '/api/v1/subscriptions/payment-method',
      '/api/v1/subscriptions/chat-access',
      '/api/v1/subscriptions/consume-tokens',
      '/api/v1/subscriptions/local-checkout/{checkoutId}',
      '/api/v1/webhooks/stripe',
    ])
      expect(paths).toContain(path);
    const status = response.body.components.schemas.SubscriptionStatus;
    for (const field of [
      'subscription_status',
      'plan_type',
      'end_date',
      'next_billing_date',
      'payment_method',
      'amount_minor',
      'currency',
      'cancellation_date',
      'access_until',
      'days_remaining',
      'remaining_trial_tokens',
      'trial_end_date',
    ])
      expect(Object.keys(status.properties)).toContain(field);
    const access = response.body.paths['/api/v1/subscriptions/chat-access'].post.responses;
    expect(Object.keys(access)).toEqual(expect.arrayContaining(['200', '403', '429']));
  });
});
