import { MAX_ANSWER_LENGTH, questionKeys } from '@innerview/contracts';
import { z } from 'zod';
import { questionnaireMessages } from '../domain/messages.ts';
import { questionnaireStatuses } from '../domain/status.ts';

/** Generous before trimming; the 1900-character rule is checked on the trimmed text. */
const RAW_ANSWER_LIMIT = 10_000;

// The response bodies are in @innerview/contracts/questionnaire (the api-client's types come from them).

export const SaveAnswerRequest = z
  .object({
    question_key: z.enum(questionKeys, { error: questionnaireMessages.questionKeyInvalid }),
    answer_text: z
      .string({ error: 'answer_text must be a string.' })
      .max(RAW_ANSWER_LIMIT, { error: questionnaireMessages.answerTooLong })
      .describe(`Free text, trimmed; at most ${MAX_ANSWER_LENGTH} characters; blank is a skipped step`),
  })
  .meta({ id: 'SaveAnswerRequest' });

export const PutQuestionnaireRequest = z
  .object({
    status: z.enum(questionnaireStatuses, {
      error: 'status must be one of not_started, in_progress, completed.',
    }),
    completed_at: z.iso
      .datetime({ offset: true, error: 'completed_at must be an ISO-8601 date and time.' })
      .optional(),
  })
  .meta({ id: 'PutQuestionnaireRequest' });

export const IntroContentQuery = z.object({
  lang: z
    .string()
    .max(35)
    .optional()
    .describe('en, fr, de, it or es (regional variants map); else Accept-Language'),
});

export const conflictResponse = {
  409: { description: 'QUESTIONNAIRE_SUBMITTED: the questionnaire was submitted; answers are read-only' },
};
