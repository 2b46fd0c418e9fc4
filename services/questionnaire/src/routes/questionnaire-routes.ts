import {
  IntroContentResponse,
  QuestionnaireResponse,
  QuestionnaireStatusResponse,
} from '@innerview/contracts/questionnaire';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { introContent } from '../actions/content.ts';
import { getQuestionnaire, getStatus, putQuestionnaire, submitQuestionnaire } from '../actions/progress.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { conflictResponse, IntroContentQuery, PutQuestionnaireRequest } from './schemas.ts';

export function questionnaireRoutes(qc: QuestionnaireContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/questionnaire/intro-content',
      summary: 'The intro screens and the 8 steps (title, description, guiding questions) in one language',
      // The same for everyone and nothing personal: it may be fetched before sign-in completes.
      auth: 'none',
      query: IntroContentQuery,
      responses: { 200: { description: 'Intro and step content', schema: IntroContentResponse } },
      handler: ({ query, req, res }) => {
        const content = introContent(query.lang, req.header('accept-language'));
        res.setHeader('Content-Language', content.language);
        res.setHeader('Vary', 'Accept-Language');
        res.setHeader('Cache-Control', 'public, max-age=3600');
        return content;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/questionnaire/status',
      summary: 'Progress: status, complete, next step, answered and skipped steps, submitted date',
      responses: { 200: { description: 'Progress', schema: QuestionnaireStatusResponse } },
      handler: ({ userId }) => getStatus(qc, userId),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/questionnaire/me',
      summary: "The caller's questionnaire: status, completed_at, submitted_at, skipped steps",
      responses: { 200: { description: 'Questionnaire', schema: QuestionnaireResponse } },
      handler: ({ userId }) => getQuestionnaire(qc, userId),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/questionnaire/me',
      summary: 'Record the status (not_started, in_progress, completed) and optional completed_at',
      body: PutQuestionnaireRequest,
      responses: {
        200: { description: 'Questionnaire', schema: QuestionnaireResponse },
        ...conflictResponse,
      },
      handler: ({ body, userId }) => putQuestionnaire(qc, userId, body),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/questionnaire/submit',
      summary: 'Submit (skipped steps allowed); the answers become read-only. Repeating it changes nothing',
      responses: { 200: { description: 'Progress after submission', schema: QuestionnaireStatusResponse } },
      handler: ({ userId }) => submitQuestionnaire(qc, userId),
    }),
  ];
}
