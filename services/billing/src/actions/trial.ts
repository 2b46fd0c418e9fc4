import type { FreemiumStatus } from '@innerview/contracts/billing';
import { HttpError } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';
import { stateOf } from '../db/subscriptions.ts';
import { daysRemaining, isoDate } from '../domain/dates.ts';
import { TRIAL_DAYS, TRIAL_WARNING_DAYS } from '../domain/plans.ts';
import { activateTrial as activate, useTrialTokens } from '../domain/subscription-machine.ts';
import type { SubscriptionState } from '../domain/subscription-state.ts';
import { commitChange } from './commit.ts';
import { subscriptionOf } from './load.ts';
import { statusOf } from './status.ts';

export function freemiumStatusOf(state: SubscriptionState, now: Date, quota: number): FreemiumStatus {
  const active = state.status === 'freemium' && !!state.trialEndsAt && now < state.trialEndsAt;
  const days =
    state.trialEndsAt && state.status === 'freemium' ? daysRemaining(now, state.trialEndsAt) : null;
  return {
    is_active: active,
    trial_available: !state.trialUsed && state.status === null,
    trial_days: TRIAL_DAYS,
    trial_start_date: state.trialStartedAt ? isoDate(state.trialStartedAt) : null,
    trial_end_date: state.trialEndsAt ? isoDate(state.trialEndsAt) : null,
    days_remaining: days,
    remaining_trial_tokens: state.status === 'freemium' ? state.trialTokensRemaining : null,
    trial_token_quota: quota,
    tokens_exhausted: state.status === 'freemium' && state.trialTokensRemaining <= 0,
    show_trial_warning: active && days !== null && days <= TRIAL_WARNING_DAYS,
    reminder_sent: !!state.trialReminderSentAt,
  };
}

/** `POST /subscriptions/freemium/activate`: the 30-day trial, no card, once per person ever. */
export async function activateTrial(billing: BillingContext, userId: string) {
  await billing.service.transaction(async (tx, emit) => {
    const row = await subscriptionOf(tx, userId, { lock: true });
    const outcome = activate(stateOf(row), {
      now: billing.service.clock.now(),
      quota: billing.config.TRIAL_TOKEN_QUOTA,
    });
    if (!outcome.ok) {
      if (outcome.reason === 'trial_already_used')
        throw new HttpError(
          409,
          'The free trial has already been used on this account.',
          'TRIAL_ALREADY_USED',
        );
      throw new HttpError(
        409,
        'The free trial can only be started before choosing a plan.',
        'TRIAL_NOT_AVAILABLE',
      );
    }
    await commitChange(billing, tx, emit, row, { state: outcome.state, transitions: [outcome.transition] });
  });
  return statusOf(billing, userId);
}

export async function freemiumStatus(billing: BillingContext, userId: string): Promise<FreemiumStatus> {
  const row = await subscriptionOf(billing.service.db, userId);
  return freemiumStatusOf(stateOf(row), billing.service.clock.now(), billing.config.TRIAL_TOKEN_QUOTA);
}

/** Browser usage reports per user and minute; the rest answer 429. */
export const TOKEN_REPORTS_PER_MINUTE = 30;

/** Largest single browser report taken into account (a chat reply is far smaller). */
export const MAX_TOKENS_PER_REPORT = 100_000;

/**
 * `POST /subscriptions/consume-tokens?tokens_used=N`, the spec's browser-side report. It can only
 * lower the trial quota (never reset or raise it), is ignored outside the trial and is rate-limited;
 * the chat service's `chat.tokens.consumed` events are the metering that counts (see the ADR).
 */
export async function consumeTokens(billing: BillingContext, userId: string, tokensUsed: number) {
  const now = billing.service.clock.now();
  if (!(await billing.tokenReports.hit(userId, TOKEN_REPORTS_PER_MINUTE, 60_000)).allowed)
    throw new HttpError(429, 'Too many usage reports. Please slow down.', 'RATE_LIMITED');
  const tokens = Math.min(tokensUsed, MAX_TOKENS_PER_REPORT);
  const row = await billing.service.transaction(async (tx, emit) => {
    const locked = await subscriptionOf(tx, userId, { lock: true });
    const used = useTrialTokens(stateOf(locked), { tokens });
    if (!used.ok || tokens === 0) return locked;
    return commitChange(billing, tx, emit, locked, { state: used.state, transitions: [used.transition] });
  });
  return freemiumStatusOf(stateOf(row), now, billing.config.TRIAL_TOKEN_QUOTA);
}
