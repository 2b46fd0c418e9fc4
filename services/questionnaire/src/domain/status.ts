import type { QuestionnaireStatus } from '@innerview/contracts/questionnaire';
import { questionnaireMessages } from './messages.ts';

// The statuses are listed once, in the contracts (the api-client reads them too).
export { type QuestionnaireStatus, questionnaireStatuses } from '@innerview/contracts/questionnaire';

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
