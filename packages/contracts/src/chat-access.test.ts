import { describe, expect, it } from 'vitest';
import { type ChatAccessVerdict, decideChatAccess } from './chat-access.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const verdict = (v: Partial<ChatAccessVerdict>): ChatAccessVerdict => ({
  allowed: true,
  allowedUntil: at(86_400_000),
  reason: 'subscription_expired',
  access: 'full',
  trialTokensRemaining: null,
  ...v,
});

// The one reading of billing's verdict (ADR 0066): billing's chat-access answer and chat's send.
describe('reading a chat-access verdict', () => {
  it('refuses with no verdict at all: no subscription yet', () => {
    expect(decideChatAccess(undefined, now)).toMatchObject({
      httpStatus: 403,
      code: 'SUBSCRIPTION_REQUIRED',
      reason: 'no_subscription',
      redirectTo: '/pricing',
    });
  });

  it('allows until the last millisecond before allowedUntil, then refuses for the reason given', () => {
    const v = verdict({ access: 'limited', allowedUntil: at(1), reason: 'payment_past_due' });
    expect(decideChatAccess(v, now)).toEqual({ allowed: true, access: 'limited', metered: false });
    expect(decideChatAccess(v, at(1))).toMatchObject({
      allowed: false,
      httpStatus: 403,
      code: 'SUBSCRIPTION_EXPIRED',
      reason: 'payment_past_due',
      redirectTo: '/auth/subscription-expired',
    });
  });

  it('allows with no end when billing gave none, and refuses at once when not allowed', () => {
    expect(decideChatAccess(verdict({ allowedUntil: null }), at(10 ** 12)).allowed).toBe(true);
    expect(
      decideChatAccess(verdict({ allowed: false, access: null, reason: 'subscription_cancelled' }), now),
    ).toMatchObject({ allowed: false, reason: 'subscription_cancelled' });
  });

  it('meters a trial, refuses it with 429 once its quota is used up, and with trial_expired after its end', () => {
    const trial = verdict({ access: 'trial', reason: 'trial_expired', trialTokensRemaining: 5 });
    expect(decideChatAccess(trial, now)).toEqual({ allowed: true, access: 'trial', metered: true });
    const usedUp = { ...trial, trialTokensRemaining: 0 };
    expect(decideChatAccess(usedUp, now)).toMatchObject({
      httpStatus: 429,
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      reason: 'trial_tokens_exhausted',
    });
    expect(decideChatAccess(usedUp, at(86_400_000))).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      reason: 'trial_expired',
      redirectTo: '/trial-expired',
    });
  });
});
