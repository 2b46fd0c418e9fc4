import { z } from 'zod';
import { languageCodes } from './auth.ts';

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

/*
 * The bodies the questionnaire service answers with (services/questionnaire/README.md). Its route
 * definitions declare them (its OpenAPI is generated from them), and the api-client's types are
 * `z.infer` of the same schemas (ADR 0066).
 */

/** One saved answer; `skipped` means it was saved blank. */
export const AnswerResponse = z
  .object({
    question_key: QuestionKey,
    answer_text: z.string(),
    state: z.enum(['answered', 'skipped']).describe('skipped: saved blank'),
    updated_at: z.string(),
  })
  .meta({ id: 'Answer' });
export type AnswerResponse = z.infer<typeof AnswerResponse>;

export const AnswersResponse = z.array(AnswerResponse).meta({ id: 'Answers' });
export type AnswersResponse = z.infer<typeof AnswersResponse>;

const steps = z.array(z.number().int().min(1).max(QUESTIONNAIRE_STEPS));

/** `GET|PUT /questionnaire/me`. */
export const QuestionnaireResponse = z
  .object({
    status: z.enum(questionnaireStatuses),
    completed_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    skipped_steps: steps.describe('Once submitted: skipped at submission; before: saved blank so far'),
  })
  .meta({ id: 'Questionnaire' });
export type QuestionnaireResponse = z.infer<typeof QuestionnaireResponse>;

/** `GET /questionnaire/status` and `POST /questionnaire/submit`: the record and its progress. */
export const QuestionnaireStatusResponse = QuestionnaireResponse.extend({
  complete: z.boolean().describe('All 8 steps have a non-blank answer'),
  is_complete: z.boolean().describe('Same as complete'),
  next_step: z
    .number()
    .int()
    .min(1)
    .max(QUESTIONNAIRE_STEPS)
    .describe('First step without a non-blank answer, or 8'),
  answered_steps: steps,
}).meta({ id: 'QuestionnaireStatus' });
export type QuestionnaireStatusResponse = z.infer<typeof QuestionnaireStatusResponse>;

/** `GET /questionnaire/intro-content`: the intro screens and the 8 steps in one language. */
export const IntroContentResponse = z
  .object({
    language: z.enum(languageCodes),
    max_answer_length: z.number().int(),
    intro: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })).length(2),
    steps: z
      .array(
        z.object({
          step: z.number().int(),
          question_key: QuestionKey,
          title: z.string(),
          description: z.string(),
          questions: z.array(z.string()).min(1).max(4),
        }),
      )
      .length(QUESTIONNAIRE_STEPS),
  })
  .meta({ id: 'QuestionnaireIntroContent' });
export type IntroContentResponse = z.infer<typeof IntroContentResponse>;
export type QuestionnaireStepContent = IntroContentResponse['steps'][number];
