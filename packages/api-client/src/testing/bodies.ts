// Test-only: whole answers of the auth, questionnaire, billing and goals calls, typed by the contracts (ADR 0066).
// A fake answer built here that lacks a field the service sends, or has one it does not, fails
// the type check, so the front ends' tests cannot drift from the real bodies unnoticed.
import type { CurrentUserResponse } from '@innerview/contracts/auth';
import type { SubscriptionDetails } from '@innerview/contracts/billing';
import type { Goal } from '@innerview/contracts/goals';
import type { QuestionnaireResponse, QuestionnaireStatusResponse } from '@innerview/contracts/questionnaire';

const TEST_USER_ID = '0190f0a0-0000-7000-8000-000000000001';

/** `GET /users/me` and `POST /login/test-token`; `onboarded` is the nested user's flag. */
export function testUser({
  onboarded = true,
  ...fields
}: Partial<CurrentUserResponse> & { onboarded?: boolean } = {}): CurrentUserResponse {
  const id = fields.id ?? TEST_USER_ID;
  return {
    id,
    email: 'ada@example.ch',
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1990-12-10',
    language: 'en',
    theme: 'system',
    is_verified: true,
    is_active: true,
    terms_accepted: true,
    privacy_accepted: true,
    created_at: '2026-01-05T09:00:00.000Z',
    user: { id, is_onboarding_completed: onboarded },
    ...fields,
  };
}

/** `GET|PUT /questionnaire/me`: not started unless told otherwise. */
function testQuestionnaire(fields: Partial<QuestionnaireResponse> = {}): QuestionnaireResponse {
  return { status: 'not_started', completed_at: null, submitted_at: null, skipped_steps: [], ...fields };
}

/**
 * `GET /questionnaire/status`: the steps answered so far (in order from step 1 unless given) decide
 * `next_step` and completeness, as the service works them out.
 */
export function testQuestionnaireStatus(
  fields: Partial<QuestionnaireStatusResponse> = {},
): QuestionnaireStatusResponse {
  const answered = fields.answered_steps ?? [];
  const complete = answered.length === 8;
  const next = [1, 2, 3, 4, 5, 6, 7, 8].find((step) => !answered.includes(step)) ?? 8;
  return {
    ...testQuestionnaire({ status: answered.length > 0 ? 'in_progress' : 'not_started' }),
    complete,
    is_complete: complete,
    next_step: next,
    answered_steps: answered,
    ...fields,
  };
}

/**
 * `GET /subscriptions/status`: a plausible whole answer for the status (paid plans in CHF, periods
 * ending 2026-12-21), as billing's display works it out; `fields` set what a test is about.
 */
export function testSubscription({
  subscription_status = 'monthly',
  ...fields
}: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  const status = subscription_status;
  const trial = status === 'freemium';
  const renewing = status === 'monthly' || status === 'yearly';
  const paying = renewing || status === 'cancelling_at_period_end' || status === 'past_due';
  const access = trial || paying;
  const plan = trial ? 'freemium' : status === 'yearly' ? 'yearly' : paying ? 'monthly' : null;
  return {
    subscription_status: status,
    plan_type: plan,
    payment_provider: 'local',
    has_access: access,
    end_date: access ? '2026-12-21' : null,
    renewal_date: renewing ? '2026-12-21' : null,
    next_billing_date: renewing ? '2026-12-21' : null,
    current_period_end: paying ? '2026-12-21T10:00:00.000Z' : null,
    payment_method: paying ? { type: 'card', brand: 'visa', last4: '4242' } : null,
    amount_minor: plan === 'freemium' ? 0 : plan === 'yearly' ? 19_000 : plan === 'monthly' ? 1900 : null,
    currency: paying ? 'CHF' : null,
    scheduled_plan: null,
    scheduled_plan_amount_minor: null,
    scheduled_change_date: null,
    cancellation_date: status === 'cancelling_at_period_end' || status === 'cancelled' ? '2026-11-20' : null,
    access_until: access ? '2026-12-21' : null,
    days_remaining: access ? 24 : null,
    remaining_trial_tokens: trial ? 150_000 : null,
    trial_token_quota: 200_000,
    trial_end_date: status === null ? null : '2026-11-21',
    trial_available: status === null,
    show_trial_warning: false,
    reactivate_until: status === 'cancelled' ? '2027-02-18' : null,
    expired_reason: status === 'expired' ? 'trial_ended' : null,
    can_cancel: renewing,
    can_reactivate: status === 'cancelling_at_period_end' || status === 'cancelled',
    can_change_plan: trial || renewing,
    can_update_payment_method: paying,
    ...fields,
  };
}

/** One goal as `GET|POST|PATCH /goals/` answer it: active, a weekly check-in, no notes yet. */
export function testGoal(fields: Partial<Goal> = {}): Goal {
  return {
    id: '0190f0a0-0000-7000-8000-0000000000a1',
    title: 'Run 5 km by June',
    checkin: 'weekly',
    next_checkin_at: '2026-11-27T09:00:00.000Z',
    status: 'active',
    notes: [],
    created_at: '2026-11-20T09:00:00.000Z',
    ...fields,
  };
}
