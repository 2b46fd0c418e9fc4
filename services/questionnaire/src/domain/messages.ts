import { MAX_ANSWER_LENGTH } from '@innerview/contracts';

/** Texts of the questionnaire's error answers (docs/product.md#questionnaire-errors "Character limit exceeded"). */
export const questionnaireMessages = {
  answerTooLong: `Character limit exceeded: an answer can have at most ${MAX_ANSWER_LENGTH} characters.`,
  questionKeyInvalid: 'question_key must be one of question_1 to question_8.',
  alreadySubmitted: 'Your questionnaire has already been submitted, so its answers can no longer be changed.',
  statusSubmittedViaSubmit: 'To submit the questionnaire, use POST /questionnaire/submit.',
  completedAtWithoutCompleted: 'completed_at can only be given with the status completed.',
  completedAtInFuture: 'completed_at cannot be in the future.',
} as const;

/** The `code` of the 409 that a change after submission gets. */
export const SUBMITTED_CODE = 'QUESTIONNAIRE_SUBMITTED';
