import { type QuestionKey, questionKeyOf, stepOf } from '@innerview/contracts';
import { HttpError } from '@innerview/kit';
import { type AnswerRow, findAnswerRow, listAnswerRows, upsertAnswer } from '../db/answers.ts';
import { findQuestionnaire, lockQuestionnaire, updateQuestionnaire } from '../db/questionnaires.ts';
import { checkAnswer } from '../domain/answer-rules.ts';
import { questionnaireMessages, SUBMITTED_CODE } from '../domain/messages.ts';
import { statusAfterAnswer } from '../domain/status.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { answerAad, asHttpError } from './answer-crypto.ts';
import { answersChangedEvent } from './answers-event.ts';

/** One saved answer (docs/product.md#questionnaire-records): a saved blank answer is a skipped step. */
export interface AnswerView {
  question_key: QuestionKey;
  answer_text: string;
  state: 'answered' | 'skipped';
  updated_at: string;
}

function view(row: AnswerRow, text: string): AnswerView {
  return {
    question_key: questionKeyOf(row.step),
    answer_text: text,
    state: row.answered ? 'answered' : 'skipped',
    updated_at: row.updatedAt.toISOString(),
  };
}

export function submittedError(): HttpError {
  return new HttpError(409, questionnaireMessages.alreadySubmitted, SUBMITTED_CODE);
}

/** GET /answers/: the caller's own saved answers, decrypted, in step order. */
export async function listAnswers(qc: QuestionnaireContext, userId: string): Promise<AnswerView[]> {
  const rows = await listAnswerRows(qc.service.db, userId);
  try {
    return await Promise.all(
      rows.map(async (row) =>
        view(
          row,
          await qc.crypto.decryptForUser(userId, row.answerCiphertext, answerAad(questionKeyOf(row.step))),
        ),
      ),
    );
  } catch (error) {
    throw asHttpError(error);
  }
}

/**
 * POST /answers/: saves one answer, trimmed, encrypted. Refused once submitted (409). Saving the
 * text that is already stored changes nothing and emits nothing.
 */
export async function saveAnswer(
  qc: QuestionnaireContext,
  userId: string,
  input: { question_key: QuestionKey; answer_text: string },
): Promise<AnswerView> {
  const { service, crypto } = qc;
  const checked = checkAnswer(input.answer_text);
  if (!checked.ok)
    throw new HttpError(422, [
      { loc: ['body', 'answer_text'], msg: questionnaireMessages.answerTooLong, type: 'answer_too_long' },
    ]);
  // Answer early without making a data key; the locked check below is the one that counts.
  if ((await findQuestionnaire(service.db, userId))?.status === 'submitted') throw submittedError();
  const step = stepOf(input.question_key);
  const aad = answerAad(input.question_key);
  let ciphertext: string;
  try {
    // Before the transaction: a first answer creates the data key, committed on its own.
    ciphertext = await crypto.encryptForUser(userId, checked.text, aad);
  } catch (error) {
    throw asHttpError(error);
  }
  return service.transaction(async (tx, emit) => {
    const now = service.clock.now();
    const questionnaire = await lockQuestionnaire(tx, userId, now);
    if (questionnaire.status === 'submitted') throw submittedError();
    const existing = await findAnswerRow(tx, userId, step);
    if (
      existing &&
      (await crypto.decryptForUser(userId, existing.answerCiphertext, aad, tx)) === checked.text
    )
      return view(existing, checked.text);
    const row = await upsertAnswer(
      tx,
      { userId, step, answerCiphertext: ciphertext, answered: checked.answered },
      now,
    );
    const updated = await updateQuestionnaire(
      tx,
      userId,
      { status: statusAfterAnswer(questionnaire.status) },
      now,
      { bumpRevision: true },
    );
    await emit(
      await answersChangedEvent(qc, tx, userId, {
        revision: updated.revision,
        submitted: false,
        occurredAt: now,
      }),
    );
    return view(row, checked.text);
  });
}
