import { randomUUID } from 'node:crypto';
import {
  AnswerResponse,
  AnswersResponse,
  IntroContentResponse,
  QuestionnaireResponse,
  QuestionnaireStatusResponse,
} from '@innerview/contracts/questionnaire';
import { exactBody } from '@innerview/kit/testing/exact-body';
import { describe, expect, it } from 'vitest';
import { type QuestionnaireHarness, useQuestionnaireHarness } from './testing/harness.ts';

// Every JSON answer of the questionnaire, parsed with the contract's schema and nothing more or
// less (ADR 0066): the api-client's types are `z.infer` of the same schemas, so a field added or
// dropped on either side fails here.
let h: QuestionnaireHarness;
useQuestionnaireHarness((harness) => {
  h = harness;
});

async function answer(response: Promise<{ status: number; body: unknown }>): Promise<unknown> {
  const { status, body } = await response;
  expect({ status, body }).toMatchObject({ status: 200 });
  return body;
}

describe('the questionnaire answers are the contract bodies', () => {
  it('from the intro content to the submission', async () => {
    const userId = randomUUID();
    const as = (method: string, path: string, body?: unknown) =>
      answer(h.call(method, `/api/v1${path}`, { userId, body }));
    const content = await answer(h.call('GET', '/api/v1/questionnaire/intro-content?lang=de'));
    expect(exactBody(IntroContentResponse, content).language).toBe('de');
    expect(exactBody(QuestionnaireStatusResponse, await as('GET', '/questionnaire/status')).status).toBe(
      'not_started',
    );
    exactBody(QuestionnaireResponse, await as('GET', '/questionnaire/me'));
    exactBody(AnswersResponse, await as('GET', '/answers/'));

    const saved = await as('POST', '/answers/', { question_key: 'question_1', answer_text: ' Work ' });
    expect(exactBody(AnswerResponse, saved)).toMatchObject({ answer_text: 'Work', state: 'answered' });
    const skipped = await as('POST', '/answers/', { question_key: 'question_2', answer_text: '' });
    expect(exactBody(AnswerResponse, skipped).state).toBe('skipped');
    expect(exactBody(AnswersResponse, await as('GET', '/answers/'))).toHaveLength(2);
    const completed = await as('PUT', '/questionnaire/me', { status: 'completed' });
    expect(exactBody(QuestionnaireResponse, completed).completed_at).not.toBeNull();
    const progress = exactBody(QuestionnaireStatusResponse, await as('GET', '/questionnaire/status'));
    expect(progress).toMatchObject({ answered_steps: [1], next_step: 2, is_complete: false });

    const submitted = exactBody(QuestionnaireStatusResponse, await as('POST', '/questionnaire/submit'));
    expect(submitted).toMatchObject({ status: 'submitted', skipped_steps: [2, 3, 4, 5, 6, 7, 8] });
    exactBody(QuestionnaireResponse, await as('GET', '/questionnaire/me'));
  });

  it('as its OpenAPI document describes them', async () => {
    const doc = await answer(h.call('GET', '/openapi.json'));
    const schemas = (doc as { components: { schemas: Record<string, { properties: object }> } }).components
      .schemas;
    expect(Object.keys(schemas.QuestionnaireStatus!.properties)).toEqual(
      Object.keys(QuestionnaireStatusResponse.shape),
    );
    expect(Object.keys(schemas.Answer!.properties)).toEqual(Object.keys(AnswerResponse.shape));
    expect(Object.keys(schemas.QuestionnaireIntroContent!.properties)).toEqual(
      Object.keys(IntroContentResponse.shape),
    );
  });
});
