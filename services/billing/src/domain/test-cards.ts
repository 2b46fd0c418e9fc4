/**
 * The local provider's card check (embedded mode, no real money): a few well-known test numbers, as
 * Stripe's test mode has them. Any other number is refused, so nobody types a real card here.
 */
export type CardBehaviour = 'succeed' | 'decline' | 'decline_renewals';

export const testCards: Record<string, { brand: string; behaviour: CardBehaviour }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeed' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeed' },
  '4000000000000002': { brand: 'visa', behaviour: 'decline' },
  /** Pays the first time; every renewal is declined (to try past_due). */
  '4000000000000341': { brand: 'visa', behaviour: 'decline_renewals' },
};

export type CardProblem =
  | 'invalid_number'
  | 'not_a_test_card'
  | 'invalid_expiry'
  | 'expired_card'
  | 'invalid_cvc'
  | 'declined';

export type CardCheck =
  | { ok: true; brand: string; last4: string; behaviour: Exclude<CardBehaviour, 'decline'> }
  | { ok: false; problem: CardProblem; field: 'card_number' | 'expiry' | 'cvc' };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Checks the form's card fields at `now`: number, MM/YY expiry (end of that month), CVC. */
export function checkCard(input: { number: string; expiry: string; cvc: string }, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, problem: 'invalid_number', field: 'card_number' };
  const card = testCards[digits];
  if (!card) return { ok: false, problem: 'not_a_test_card', field: 'card_number' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return { ok: false, problem: 'invalid_expiry', field: 'expiry' };
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid through the last moment of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime())
    return { ok: false, problem: 'expired_card', field: 'expiry' };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, problem: 'invalid_cvc', field: 'cvc' };
  if (card.behaviour === 'decline') return { ok: false, problem: 'declined', field: 'card_number' };
  return { ok: true, brand: card.brand, last4: digits.slice(-4), behaviour: card.behaviour };
}
