// Test-only: whole answers of the auth and questionnaire calls, typed by the contracts (ADR 0066).
// A fake answer built here that lacks a field the service sends, or has one it does not, fails
// the type check, so the front ends' tests cannot drift from the real bodies unnoticed.
import type { CurrentUserResponse } from '@innerview/contracts/auth';
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
