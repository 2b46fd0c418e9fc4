import { createHttpApp } from '@innerview/kit/http';
import { type Listening, listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { defineRoute } from '@innerview/kit/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestGateway, type TestGateway, testSigningKey } from './test-support/fake-upstreams.ts';

// The gateway passes bodies through untouched, so bad input is judged by the service behind it;
// this runs the whole path against a service built with the kit, as the real ones are.
let service: Listening;
let gateway: TestGateway;

beforeAll(async () => {
  const app = createHttpApp({
    name: 'questionnaire',
    logger: createLogger({ name: 'questionnaire', level: 'silent' }),
    routes: [
      defineRoute({
        method: 'post',
        path: '/api/v1/answers/',
        summary: 'Save one answer',
        auth: 'none',
        body: z.object({ question_key: z.string().min(1), answer_text: z.string().max(1900) }),
        status: 201,
        handler: ({ body }) => ({ question_key: body.question_key }),
      }),
    ],
    readiness: {},
    isShuttingDown: () => false,
    trust: { current: testSigningKey },
  });
  service = await listen(app, 0, '127.0.0.1');
  gateway = await startTestGateway({}, { questionnaire: service.url });
});

afterAll(async () => {
  await gateway?.stop();
  await service?.stop(100);
});

const post = (body: string, contentType = 'application/json') =>
  fetch(`${gateway.url}/api/v1/answers/`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('bad input through the gateway to a kit service', () => {
  it('accepts a good body', async () => {
    const res = await post(JSON.stringify({ question_key: 'q1', answer_text: 'fine' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ question_key: 'q1' });
  });

  it.each([
    ['malformed JSON', () => post('{"question_key": "q1", '), 400, 'VALIDATION_ERROR'],
    ['a wrong content type', () => post('question_key=q1', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'an unknown field',
      () => post(JSON.stringify({ question_key: 'q1', answer_text: 'x', admin: true })),
      422,
      'VALIDATION_ERROR',
    ],
    [
      'a field too long',
      () => post(JSON.stringify({ question_key: 'q1', answer_text: 'x'.repeat(1901) })),
      422,
      'VALIDATION_ERROR',
    ],
    [
      'a body over the service limit',
      () => post(JSON.stringify({ question_key: 'q1', answer_text: 'x'.repeat(2_000_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('answers %s with a 4xx in the error shape', async (_case, send, status, code) => {
    const res = await send();
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.code).toBe(code);
    expect(body.detail).toBeTruthy();
  });
});
