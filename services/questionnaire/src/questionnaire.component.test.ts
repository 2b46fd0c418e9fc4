import { randomUUID } from 'node:crypto';
import { answersSnapshotAad, QuestionnaireAnswersSnapshot } from '@innerview/contracts';
import { openPayload } from '@innerview/crypto';
import { createEvent, redactedPaths } from '@innerview/kit';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dataKeys } from './db/schema.ts';
import {
  type QuestionnaireHarness,
  startQuestionnaireHarness,
  useQuestionnaireHarness,
} from './testing/harness.ts';

let h: QuestionnaireHarness;
useQuestionnaireHarness((harness) => {
  h = harness;
});

const save = (userId: string, questionKey: string, answerText: unknown) =>
  h.call('POST', '/api/v1/answers/', {
    userId,
    body: { question_key: questionKey, answer_text: answerText },
  });
const status = async (userId: string) =>
  (await h.call('GET', '/api/v1/questionnaire/status', { userId })).body;
const snapshotOf = (event: { data: { userId: string; sealedAnswers: string } }) =>
  QuestionnaireAnswersSnapshot.parse(
    JSON.parse(
      openPayload(h.eventPayloadKeys, event.data.sealedAnswers, answersSnapshotAad(event.data.userId)),
    ),
  );

describe('GET /questionnaire/intro-content', () => {
  it('serves the intro screens and the 8 steps, in English by default, without sign-in', async () => {
    const { status: code, body, headers } = await h.call('GET', '/api/v1/questionnaire/intro-content');
    expect(code).toBe(200);
    expect(body.language).toBe('en');
    expect(body.max_answer_length).toBe(1900);
    expect(body.intro).toHaveLength(2);
    expect(body.steps.map((s: { title: string }) => s.title)).toEqual([
      'Me today',
      'My roots',
      'The marks of my journey',
      'My travel companions',
      'My days in a few words',
      'What nourishes me',
      'Dreams and plans for tomorrow',
      'What is within me',
    ]);
    expect(body.steps[0]).toMatchObject({ step: 1, question_key: 'question_1' });
    expect(body.steps[7]).toMatchObject({ step: 8, question_key: 'question_8' });
    expect(headers.get('content-language')).toBe('en');
    expect(headers.get('vary')).toContain('Accept-Language');
  });

  it('answers in the language asked for by lang, else Accept-Language, else English', async () => {
    const get = (query: string, headers: Record<string, string> = {}) =>
      h.call('GET', `/api/v1/questionnaire/intro-content${query}`, { headers });
    expect((await get('?lang=fr')).body.steps[1].title).toBe('Mes racines');
    expect((await get('?lang=de-CH')).body.steps[0].title).toBe('Ich heute');
    expect((await get('', { 'accept-language': 'it-CH,it;q=0.9' })).body.steps[0].title).toBe('Io oggi');
    expect((await get('?lang=xx', { 'accept-language': 'es' })).body.language).toBe('es');
    expect((await get('?lang=pt')).body.language).toBe('en');
  });
});

describe('identity', () => {
  it('needs the user id the gateway sets, on every personal call', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/answers/'],
      ['POST', '/api/v1/answers/'],
      ['GET', '/api/v1/questionnaire/status'],
      ['GET', '/api/v1/questionnaire/me'],
      ['PUT', '/api/v1/questionnaire/me'],
      ['POST', '/api/v1/questionnaire/submit'],
    ] as const)
      expect(await h.call(method, path), `${method} ${path}`).toMatchObject({
        status: 401,
        body: { detail: 'Authentication required', code: 'UNAUTHORIZED' },
      });
  });
});

describe('answers', () => {
  it('saves, trims, lists and edits answers; a new person starts at step 1', async () => {
    const me = randomUUID();
    expect(await status(me)).toEqual({
      status: 'not_started',
      complete: false,
      is_complete: false,
      next_step: 1,
      answered_steps: [],
      skipped_steps: [],
      submitted_at: null,
      completed_at: null,
    });
    expect((await h.call('GET', '/api/v1/answers/', { userId: me })).body).toEqual([]);
    const first = await save(me, 'question_1', '  Curious, a bit tired, hopeful.  ');
    expect(first).toMatchObject({
      status: 200,
      body: { question_key: 'question_1', answer_text: 'Curious, a bit tired, hopeful.', state: 'answered' },
    });
    await save(me, 'question_2', 'A village in the Jura.');
    h.clock.advance(60_000);
    const edited = await save(me, 'question_1', 'Curious and hopeful.');
    expect(edited.body.updated_at).toBe(h.clock.now().toISOString());
    const list = (await h.call('GET', '/api/v1/answers/', { userId: me })).body;
    expect(
      list.map((a: { question_key: string; answer_text: string }) => [a.question_key, a.answer_text]),
    ).toEqual([
      ['question_1', 'Curious and hopeful.'],
      ['question_2', 'A village in the Jura.'],
    ]);
    expect(await status(me)).toMatchObject({ status: 'in_progress', next_step: 3, answered_steps: [1, 2] });
  });

  it('accepts blank answers as skipped steps that do not count', async () => {
    const me = randomUUID();
    await save(me, 'question_1', 'Here.');
    expect((await save(me, 'question_2', '   \n ')).body).toMatchObject({
      answer_text: '',
      state: 'skipped',
    });
    await save(me, 'question_3', 'There.');
    expect(await status(me)).toMatchObject({
      next_step: 2,
      answered_steps: [1, 3],
      skipped_steps: [2],
      complete: false,
    });
  });

  it('takes 1900 characters and refuses 1901 with a clear message', async () => {
    const me = randomUUID();
    expect((await save(me, 'question_1', 'é'.repeat(1900))).status).toBe(200);
    expect(await save(me, 'question_2', 'x'.repeat(1901))).toEqual({
      status: 422,
      body: {
        code: 'VALIDATION_ERROR',
        detail: [
          {
            loc: ['body', 'answer_text'],
            msg: 'Character limit exceeded: an answer can have at most 1900 characters.',
            type: 'answer_too_long',
          },
        ],
      },
      headers: expect.anything(),
    });
    expect((await save(me, 'question_3', 'x'.repeat(20_000))).body.detail[0].msg).toBe(
      'Character limit exceeded: an answer can have at most 1900 characters.',
    );
    expect((await h.call('GET', '/api/v1/answers/', { userId: me })).body).toHaveLength(1);
  });

  it('refuses unknown question keys, wrong types and unknown fields with 422', async () => {
    const me = randomUUID();
    for (const key of ['question_0', 'question_9', 'question_1 ', 'q1'])
      expect((await save(me, key, 'x')).body.detail[0]).toMatchObject({
        loc: ['body', 'question_key'],
        msg: 'question_key must be one of question_1 to question_8.',
      });
    expect((await save(me, 'question_1', 42)).body.detail[0]).toMatchObject({ loc: ['body', 'answer_text'] });
    const extra = await h.call('POST', '/api/v1/answers/', {
      userId: me,
      body: { question_key: 'question_1', answer_text: 'x', user_id: randomUUID() },
    });
    expect(extra.status).toBe(422);
    expect((await h.call('GET', '/api/v1/answers/', { userId: me })).body).toEqual([]);
  });

  it('never shows one person the answers of another', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    await save(alice, 'question_1', 'Alice only.');
    expect((await h.call('GET', '/api/v1/answers/', { userId: bob })).body).toEqual([]);
    expect(await status(bob)).toMatchObject({ status: 'not_started', answered_steps: [] });
    await save(bob, 'question_1', 'Bob only.');
    expect((await h.call('GET', '/api/v1/answers/', { userId: alice })).body[0].answer_text).toBe(
      'Alice only.',
    );
  });
});

describe('progress and submission', () => {
  it('is complete with 8 answers; submit records the date and makes the answers read-only', async () => {
    const me = randomUUID();
    for (let step = 1; step <= 8; step++) await save(me, `question_${step}`, `Answer ${step}`);
    expect(await status(me)).toMatchObject({ complete: true, is_complete: true, next_step: 8 });
    h.clock.advance(3_600_000);
    const submitted = await h.call('POST', '/api/v1/questionnaire/submit', { userId: me });
    expect(submitted).toMatchObject({
      status: 200,
      body: {
        status: 'submitted',
        submitted_at: h.clock.now().toISOString(),
        completed_at: h.clock.now().toISOString(),
        skipped_steps: [],
        complete: true,
      },
    });
    const refused = await save(me, 'question_3', 'A late change.');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'QUESTIONNAIRE_SUBMITTED',
        detail: 'Your questionnaire has already been submitted, so its answers can no longer be changed.',
      },
    });
    expect(
      (await h.call('PUT', '/api/v1/questionnaire/me', { userId: me, body: { status: 'in_progress' } }))
        .status,
    ).toBe(409);
    const answers = (await h.call('GET', '/api/v1/answers/', { userId: me })).body;
    expect(answers[2].answer_text).toBe('Answer 3');
  });

  it('submits with skipped steps, records them, and tells auth and chat once', async () => {
    const me = randomUUID();
    await save(me, 'question_1', 'One.');
    await save(me, 'question_2', '');
    await save(me, 'question_4', 'Four.');
    expect(await status(me)).toMatchObject({ complete: false, next_step: 2, skipped_steps: [2] });
    const submitted = await h.call('POST', '/api/v1/questionnaire/submit', { userId: me });
    expect(submitted.body).toMatchObject({
      status: 'submitted',
      skipped_steps: [2, 3, 5, 6, 7, 8],
      complete: false,
    });
    const event = await h.waitForEvent('questionnaire.submitted', (e) => e.data.userId === me);
    expect(event.data).toEqual({
      userId: me,
      submittedAt: submitted.body.submitted_at,
      skippedSteps: [2, 3, 5, 6, 7, 8],
    });
    const final = await h.waitForEvent(
      'questionnaire.answers.changed',
      (e) => e.data.userId === me && e.data.submitted,
    );
    expect(snapshotOf(final).answers).toEqual([
      { questionKey: 'question_1', answerText: 'One.' },
      { questionKey: 'question_4', answerText: 'Four.' },
    ]);
    // Again: the same answer, nothing new recorded or sent.
    h.clock.advance(60_000);
    const again = await h.call('POST', '/api/v1/questionnaire/submit', { userId: me });
    expect(again.body).toEqual(submitted.body);
    await h.allDelivered();
    expect(h.events.filter((e) => e.type === 'questionnaire.submitted' && e.subject === me)).toHaveLength(1);
    expect((await h.call('GET', '/api/v1/questionnaire/me', { userId: me })).body).toEqual({
      status: 'submitted',
      completed_at: submitted.body.submitted_at,
      submitted_at: submitted.body.submitted_at,
      skipped_steps: [2, 3, 5, 6, 7, 8],
    });
  });

  it('records the status the client sets, and refuses what only submission may do', async () => {
    const me = randomUUID();
    const put = (body: unknown) => h.call('PUT', '/api/v1/questionnaire/me', { userId: me, body });
    expect((await h.call('GET', '/api/v1/questionnaire/me', { userId: me })).body.status).toBe('not_started');
    expect((await put({ status: 'in_progress' })).body).toEqual({
      status: 'in_progress',
      completed_at: null,
      submitted_at: null,
      skipped_steps: [],
    });
    expect(
      (await put({ status: 'completed', completed_at: '2026-05-01T09:30:00+02:00' })).body,
    ).toMatchObject({
      status: 'completed',
      completed_at: '2026-05-01T07:30:00.000Z',
    });
    expect((await put({ status: 'submitted' })).body.detail[0]).toMatchObject({
      loc: ['body', 'status'],
      msg: 'To submit the questionnaire, use POST /questionnaire/submit.',
    });
    expect((await put({ status: 'finished' })).body.detail[0].msg).toBe(
      'status must be one of not_started, in_progress, completed.',
    );
    expect((await put({ status: 'completed', completed_at: 'yesterday' })).status).toBe(422);
    expect(
      (await put({ status: 'in_progress', completed_at: '2026-05-01T09:30:00Z' })).body.detail[0].msg,
    ).toBe('completed_at can only be given with the status completed.');
    expect((await h.call('GET', '/api/v1/questionnaire/me', { userId: me })).body.status).toBe('completed');
  });
});

describe('questionnaire.answers.changed', () => {
  it('carries every non-blank answer, sealed, with a growing revision; an unchanged save sends nothing', async () => {
    const me = randomUUID();
    await save(me, 'question_1', 'My garden.');
    const first = await h.waitForEvent('questionnaire.answers.changed', (e) => e.data.userId === me);
    expect(first.data.sealedAnswers).not.toContain('garden');
    expect(JSON.stringify(first)).not.toContain('garden');
    expect(snapshotOf(first)).toEqual({ answers: [{ questionKey: 'question_1', answerText: 'My garden.' }] });
    await save(me, 'question_2', '  ');
    await save(me, 'question_3', 'Long walks.');
    const third = await h.waitForEvent(
      'questionnaire.answers.changed',
      (e) => e.data.userId === me && e.data.revision === 3,
    );
    expect(third.data.submitted).toBe(false);
    expect(snapshotOf(third).answers.map((a) => a.questionKey)).toEqual(['question_1', 'question_3']);
    // Sealed for this user: it does not open as another's.
    expect(() =>
      openPayload(h.eventPayloadKeys, third.data.sealedAnswers, answersSnapshotAad(randomUUID())),
    ).toThrow();
    await save(me, 'question_3', ' Long walks. ');
    await h.allDelivered();
    expect(
      h.events.filter((e) => e.type === 'questionnaire.answers.changed' && e.subject === me),
    ).toHaveLength(3);
  });
});

describe('auth.user.erased', () => {
  it('deletes the answers and progress and destroys the data key', async () => {
    const me = randomUUID();
    const other = randomUUID();
    await save(me, 'question_1', 'Soon forgotten.');
    await save(other, 'question_1', 'Kept.');
    await h.publish(createEvent('auth.user.erased', me, { userId: me }));
    const deadline = Date.now() + 5000;
    while ((await h.call('GET', '/api/v1/answers/', { userId: me })).body.length > 0) {
      if (Date.now() > deadline) throw new Error('answers not erased');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await status(me)).toMatchObject({ status: 'not_started', answered_steps: [] });
    const keys = await h.service.ctx.db.select().from(dataKeys).where(eq(dataKeys.userId, me));
    expect(keys).toMatchObject([{ wrappedKey: null, destroyedAt: h.clock.now() }]);
    // An erased person's token must not bring their data back.
    expect((await save(me, 'question_1', 'Back again?')).status).toBe(401);
    expect((await h.call('GET', '/api/v1/answers/', { userId: other })).body[0].answer_text).toBe('Kept.');
  });
});

describe('logs', () => {
  it('never contain answer text, whatever happens to it', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace', redact: { paths: redactedPaths, censor: '[redacted]' } },
      { write: (line: string) => lines.push(line) },
    );
    const logged = await startQuestionnaireHarness({ logger });
    try {
      const me = randomUUID();
      const secret = `hidden-${randomUUID()}`;
      const post = (answer: string) =>
        logged.call('POST', '/api/v1/answers/', {
          userId: me,
          body: { question_key: 'question_1', answer_text: answer },
        });
      expect((await post(secret)).status).toBe(200);
      expect((await post(`${secret}${'x'.repeat(1901)}`)).status).toBe(422);
      await logged.call('GET', '/api/v1/answers/', { userId: me });
      await logged.call('POST', '/api/v1/questionnaire/submit', { userId: me });
      expect((await post(`${secret} again`)).status).toBe(409);
      const erased = createEvent('auth.user.erased', me, { userId: me });
      await logged.publish(erased);
      await logged.handled(erased);
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).not.toContain('hidden-');
    } finally {
      await logged.stop();
    }
  });
});
