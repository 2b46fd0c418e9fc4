import { z } from 'zod';

/** docs/product.md#records-and-their-fields, docs/product.md#people-and-inputs: 8 steps, one answer per step, keyed `question_1` … `question_8`. */
export const QUESTIONNAIRE_STEPS = 8;
/** docs/product.md#questionnaire-answers, docs/product.md#people-and-inputs: at most 1900 characters (Unicode code points, after trimming). */
export const MAX_ANSWER_LENGTH = 1900;

export const questionKeys = [
  'question_1',
  'question_2',
  'question_3',
  'question_4',
  'question_5',
  'question_6',
  'question_7',
  'question_8',
] as const;
export type QuestionKey = (typeof questionKeys)[number];
export const QuestionKey = z.enum(questionKeys);

export function questionKeyOf(step: number): QuestionKey {
  const key = questionKeys[step - 1];
  if (!key) throw new RangeError(`step ${step} is not 1 to ${QUESTIONNAIRE_STEPS}`);
  return key;
}

export function stepOf(key: QuestionKey): number {
  return questionKeys.indexOf(key) + 1;
}

/**
 * What `questionnaire.answers.changed` carries sealed in `sealedAnswers` (JSON): every non-blank
 * answer the person has now. A consumer opens it with `openPayload(eventPayloadKeys, sealed,
 * answersSnapshotAad(userId))` from `@innerview/crypto`, then parses it with this schema.
 */
export const QuestionnaireAnswersSnapshot = z.object({
  answers: z.array(z.object({ questionKey: QuestionKey, answerText: z.string().min(1) })),
});
export type QuestionnaireAnswersSnapshot = z.infer<typeof QuestionnaireAnswersSnapshot>;

/** Binds a sealed snapshot to its event type and user: it cannot be replayed as someone else's. */
export function answersSnapshotAad(userId: string): string {
  return JSON.stringify(['questionnaire.answers.changed', userId]);
}
