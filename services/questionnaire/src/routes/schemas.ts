import { languageCodes, MAX_ANSWER_LENGTH, questionKeys } from '@innerview/contracts';
import { z } from 'zod';
import { questionnaireMessages } from '../domain/messages.ts';
import { questionnaireStatuses } from '../domain/status.ts';

/** Generous before trimming; the 1900-character rule is checked on the trimmed text. */
const RAW_ANSWER_LIMIT = 10_000;

export const SaveAnswerRequest = z
  .object({
    question_key: z.enum(questionKeys, { error: questionnaireMessages.questionKeyInvalid }),
    answer_text: z
      .string({ error: 'answer_text must be a string.' })
      .max(RAW_ANSWER_LIMIT, { error: questionnaireMessages.answerTooLong })
      .describe(`Free text, trimmed; at most ${MAX_ANSWER_LENGTH} characters; blank is a skipped step`),
  })
  .meta({ id: 'SaveAnswerRequest' });

export const AnswerResponse = z
  .object({
    question_key: z.enum(questionKeys),
    answer_text: z.string(),
    state: z.enum(['answered', 'skipped']).describe('skipped: saved blank'),
    updated_at: z.string(),
  })
  .meta({ id: 'Answer' });

export const AnswersResponse = z.array(AnswerResponse).meta({ id: 'Answers' });

const status = z.enum(questionnaireStatuses);
const steps = z.array(z.number().int().min(1).max(8));

export const QuestionnaireResponse = z
  .object({
    status,
    completed_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    skipped_steps: steps.describe('Once submitted: skipped at submission; before: saved blank so far'),
  })
  .meta({ id: 'Questionnaire' });

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

export const StatusResponse = QuestionnaireResponse.extend({
  complete: z.boolean().describe('All 8 steps have a non-blank answer'),
  is_complete: z.boolean().describe('Same as complete'),
  next_step: z.number().int().min(1).max(8).describe('First step without a non-blank answer, or 8'),
  answered_steps: steps,
}).meta({ id: 'QuestionnaireStatus' });

export const IntroContentQuery = z.object({
  lang: z
    .string()
    .max(35)
    .optional()
    .describe('en, fr, de, it or es (regional variants map); else Accept-Language'),
});

export const IntroContentResponse = z
  .object({
    language: z.enum(languageCodes),
    max_answer_length: z.number().int(),
    intro: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })).length(2),
    steps: z
      .array(
        z.object({
          step: z.number().int(),
          question_key: z.enum(questionKeys),
          title: z.string(),
          description: z.string(),
          questions: z.array(z.string()).min(1).max(4),
        }),
      )
      .length(8),
  })
  .meta({ id: 'QuestionnaireIntroContent' });

export const conflictResponse = {
  409: { description: 'QUESTIONNAIRE_SUBMITTED: the questionnaire was submitted; answers are read-only' },
};
