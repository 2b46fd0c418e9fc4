import { AnswerResponse, AnswersResponse } from '@innerview/contracts/questionnaire';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { listAnswers, saveAnswer } from '../actions/answers.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { conflictResponse, SaveAnswerRequest } from './schemas.ts';

export function answerRoutes(qc: QuestionnaireContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/answers/',
      summary: "The caller's saved answers, in step order",
      responses: { 200: { description: 'Saved answers', schema: AnswersResponse } },
      handler: ({ userId }) => listAnswers(qc, userId),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/answers/',
      summary: 'Save one answer (trimmed, at most 1900 characters; blank counts as skipped)',
      body: SaveAnswerRequest,
      responses: {
        200: { description: 'The saved answer', schema: AnswerResponse },
        ...conflictResponse,
        422: { description: 'Unknown question_key, or the character limit exceeded' },
      },
      handler: ({ body, userId }) => saveAnswer(qc, userId, body),
    }),
  ];
}
