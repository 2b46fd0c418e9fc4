import { createEvent, HttpError } from '@innerview/kit';
import { listAnswerRows } from '../db/answers.ts';
import {
  findQuestionnaire,
  lockQuestionnaire,
  type QuestionnaireRow,
  updateQuestionnaire,
} from '../db/questionnaires.ts';
import {
  answeredSteps,
  isComplete,
  nextStep,
  type SavedStep,
  skippedAtSubmission,
  skippedSoFar,
} from '../domain/progress.ts';
import { changeStatus, type QuestionnaireStatus } from '../domain/status.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { submittedError } from './answers.ts';
import { answersChangedEvent } from './answers-event.ts';

/** GET|PUT /questionnaire/me (docs/product.md#questionnaire-records: status, completed_at, the submitted date, skipped markers). */
export interface QuestionnaireView {
  status: QuestionnaireStatus;
  completed_at: string | null;
  submitted_at: string | null;
  /** Once submitted: the steps skipped at submission; before: the steps saved blank so far. */
  skipped_steps: number[];
}

/** GET /questionnaire/status: the view plus progress (docs/product.md#questionnaire-progress). */
export interface StatusView extends QuestionnaireView {
  /** All 8 steps have a non-blank answer. */
  complete: boolean;
  /** The same as `complete`, under the name the shell's API client reads. */
  is_complete: boolean;
  /** The first of steps 1–8 without a non-blank answer, or 8 when all are answered. */
  next_step: number;
  answered_steps: number[];
}

function questionnaireView(row: QuestionnaireRow | undefined, saved: SavedStep[]): QuestionnaireView {
  const submitted = row?.status === 'submitted';
  return {
    status: row?.status ?? 'not_started',
    completed_at: row?.completedAt?.toISOString() ?? null,
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    skipped_steps: submitted ? [...(row.skippedSteps ?? [])] : skippedSoFar(saved),
  };
}

function statusView(row: QuestionnaireRow | undefined, saved: SavedStep[]): StatusView {
  const complete = isComplete(saved);
  return {
    ...questionnaireView(row, saved),
    complete,
    is_complete: complete,
    next_step: nextStep(saved),
    answered_steps: answeredSteps(saved),
  };
}

async function read(qc: QuestionnaireContext, userId: string) {
  const [row, saved] = await Promise.all([
    findQuestionnaire(qc.service.db, userId),
    listAnswerRows(qc.service.db, userId),
  ]);
  return { row, saved };
}

export async function getStatus(qc: QuestionnaireContext, userId: string): Promise<StatusView> {
  const { row, saved } = await read(qc, userId);
  return statusView(row, saved);
}

export async function getQuestionnaire(qc: QuestionnaireContext, userId: string): Promise<QuestionnaireView> {
  const { row, saved } = await read(qc, userId);
  return questionnaireView(row, saved);
}

/** PUT /questionnaire/me: the client records where the person is (see `changeStatus`). */
export async function putQuestionnaire(
  qc: QuestionnaireContext,
  userId: string,
  input: { status: QuestionnaireStatus; completed_at?: string },
): Promise<QuestionnaireView> {
  const { service } = qc;
  return service.transaction(async (tx) => {
    const now = service.clock.now();
    const row = await lockQuestionnaire(tx, userId, now);
    const change = changeStatus(
      { status: row.status, completedAt: row.completedAt },
      { status: input.status, completedAt: input.completed_at ? new Date(input.completed_at) : undefined },
      now,
    );
    if (!change.ok && change.problem === 'submitted') throw submittedError();
    if (!change.ok)
      throw new HttpError(422, [{ loc: ['body', change.field], msg: change.message, type: 'value_error' }]);
    const updated = await updateQuestionnaire(tx, userId, change.state, now);
    return questionnaireView(updated, await listAnswerRows(tx, userId));
  });
}

/**
 * POST /questionnaire/submit: final. Skipped steps are allowed and recorded; the answers become
 * read-only. Auth marks onboarding completed on `questionnaire.submitted`; chat gets the final
 * answers. Submitting again answers the same and emits nothing.
 */
export async function submitQuestionnaire(qc: QuestionnaireContext, userId: string): Promise<StatusView> {
  const { service } = qc;
  return service.transaction(async (tx, emit) => {
    const now = service.clock.now();
    const row = await lockQuestionnaire(tx, userId, now);
    const saved = await listAnswerRows(tx, userId);
    if (row.status === 'submitted') return statusView(row, saved);
    const skippedSteps = skippedAtSubmission(saved);
    const updated = await updateQuestionnaire(
      tx,
      userId,
      { status: 'submitted', submittedAt: now, skippedSteps, completedAt: row.completedAt ?? now },
      now,
      { bumpRevision: true },
    );
    await emit(
      createEvent(
        'questionnaire.submitted',
        userId,
        { userId, submittedAt: now.toISOString(), skippedSteps },
        { occurredAt: now.toISOString() },
      ),
      await answersChangedEvent(qc, tx, userId, {
        revision: updated.revision,
        submitted: true,
        occurredAt: now,
      }),
    );
    return statusView(updated, saved);
  });
}
