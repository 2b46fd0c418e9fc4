import { questionnaireMessages } from './messages.ts';

/**
 * The questionnaire's status (docs/product.md#questionnaire-records), in the order a person goes through it:
 * - `not_started`: nothing saved yet (also the answer for someone without a row);
 * - `in_progress`: set by the first saved answer, or by the client when the person starts;
 * - `completed`: set by the client when the person reaches the end of the stepper (with or without
 *   skipped steps), with `completed_at`; whether all 8 are answered is `complete` in the status;
 * - `submitted`: only by POST /questionnaire/submit; final, the answers are read-only from then on.
 */
export const questionnaireStatuses = ['not_started', 'in_progress', 'completed', 'submitted'] as const;
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];

export interface StatusState {
  status: QuestionnaireStatus;
  completedAt: Date | null;
}

export type StatusChange =
  | { ok: true; state: StatusState }
  | { ok: false; problem: 'submitted' }
  | { ok: false; problem: 'invalid'; field: 'status' | 'completed_at'; message: string };

/** Clock skew tolerated on a client's `completed_at`. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** PUT /questionnaire/me: what the client may set, and what it may not. */
export function changeStatus(
  current: StatusState,
  requested: { status: QuestionnaireStatus; completedAt?: Date },
  now: Date,
): StatusChange {
  if (current.status === 'submitted') return { ok: false, problem: 'submitted' };
  if (requested.status === 'submitted')
    return {
      ok: false,
      problem: 'invalid',
      field: 'status',
      message: questionnaireMessages.statusSubmittedViaSubmit,
    };
  if (requested.status !== 'completed') {
    if (requested.completedAt)
      return {
        ok: false,
        problem: 'invalid',
        field: 'completed_at',
        message: questionnaireMessages.completedAtWithoutCompleted,
      };
    return { ok: true, state: { status: requested.status, completedAt: null } };
  }
  if (requested.completedAt && requested.completedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return {
      ok: false,
      problem: 'invalid',
      field: 'completed_at',
      message: questionnaireMessages.completedAtInFuture,
    };
  return {
    ok: true,
    state: { status: 'completed', completedAt: requested.completedAt ?? current.completedAt ?? now },
  };
}

/** A saved answer moves a questionnaire that was not started into progress; nothing else. */
export function statusAfterAnswer(status: QuestionnaireStatus): QuestionnaireStatus {
  return status === 'not_started' ? 'in_progress' : status;
}
