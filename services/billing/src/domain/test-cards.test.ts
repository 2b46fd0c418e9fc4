import { describe, expect, it } from 'vitest';
import { checkCard } from './test-cards.ts';

const now = new Date('2026-05-15T00:00:00Z');

describe('the local provider card check', () => {
  it('accepts the success card, declines the decline card, refuses anything else', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '05/26', cvc: '123' }, now)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      behaviour: 'succeed',
    });
    expect(checkCard({ number: '4000000000000002', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      problem: 'declined',
    });
    expect(checkCard({ number: '4111111111111111', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      problem: 'not_a_test_card',
    });
    expect(checkCard({ number: '4242424242424241', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      problem: 'invalid_number',
    });
    expect(checkCard({ number: '4242424242424242', expiry: '04/26', cvc: '123' }, now)).toMatchObject({
      problem: 'expired_card',
    });
    expect(checkCard({ number: '4242424242424242', expiry: '13/26', cvc: '123' }, now)).toMatchObject({
      problem: 'invalid_expiry',
    });
    expect(checkCard({ number: '4242424242424242', expiry: '12/2030', cvc: '12' }, now)).toMatchObject({
      problem: 'invalid_cvc',
    });
  });
});
