import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessMessage } from '../../domain/safety/assess.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '../../testing/fake-openai-server.ts';
import { type CrisisCheckFallback, createModelCrisisCheck, readVerdict } from './crisis-check.ts';

// The model-based second check against the local server that speaks the OpenAI protocol.
let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.plainQueue.length = 0;
  fake.calls.length = 0;
});

const fallbacks: CrisisCheckFallback[] = [];
const checkWith = (timeoutMs = 1500) =>
  createModelCrisisCheck({
    apiKey: 'sk-test-123',
    baseURL: fake.baseUrl,
    model: 'safety-model',
    timeoutMs,
    onFallback: (reason) => fallbacks.push(reason),
  });

// A risk cue (a roof), and not flagged by the local detector (a test below keeps it so): the
// model is asked. (The balcony of this sentence before ADR 98 is flagged by the local detector
// since: a known false alarm, docs/safety.md.)
const indirect = 'Some evenings I sit on the roof terrace and think about how the week went.';

describe('the model-based crisis check', () => {
  it('is asked about a message the local detector does not flag', () => {
    expect(assessMessage(indirect, 'en').tier).toBe('none');
  });

  it('asks the model about a message the patterns missed and answers with its finding', async () => {
    fake.plainQueue.push({
      kind: 'answer',
      text: '{"crisis": true, "category": "suicidal_thoughts", "language": "en"}',
    });
    const finding = await checkWith().check(indirect, 'fr');
    expect(finding).toEqual({ tier: 'acute', category: 'suicidal_thoughts', language: 'en' });
    const call = fake.calls.at(-1)!;
    expect(call.body.model).toBe('safety-model');
    expect(call.body.stream).toBeFalsy();
    expect(call.body.messages?.at(-1)).toEqual({ role: 'user', content: indirect });
    expect(call.authorization).toBe('Bearer sk-test-123');
  });

  it('keeps the message out of the model call when the local detector already flags it', async () => {
    const finding = await checkWith().check('I want to die.', 'en');
    expect(finding).toMatchObject({ category: 'suicidal_thoughts', language: 'en' });
    expect(finding?.tier).toMatch(/^(acute|possible)$/);
    expect(fake.calls).toHaveLength(0);
  });

  it('returns null when the model says it is no crisis', async () => {
    fake.plainQueue.push({ kind: 'answer', text: '{"crisis": false, "category": null, "language": "en"}' });
    expect(await checkWith().check('My plants need more light in winter.', 'en')).toBeNull();
  });

  it('falls back to the patterns (no finding) after the time-out, without waiting for the model', async () => {
    fallbacks.length = 0;
    fake.plainQueue.push({
      kind: 'answer',
      text: '{"crisis": true, "category": "self_harm"}',
      delayMs: 1000,
    });
    const started = performance.now();
    expect(await checkWith(200).check(indirect, 'en')).toBeNull();
    expect(performance.now() - started).toBeLessThan(800);
    expect(fallbacks).toEqual(['timeout']);
  });

  it('gives no verdict and reports nothing when the caller cancels it (the person stopped)', async () => {
    fallbacks.length = 0;
    fake.plainQueue.push({
      kind: 'answer',
      text: '{"crisis": true, "category": "self_harm"}',
      delayMs: 1000,
    });
    const stop = new AbortController();
    const started = performance.now();
    const verdict = checkWith().check(indirect, 'en', stop.signal);
    // Stopped once the model has the call (an earlier abort could leave a late call to the server).
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    stop.abort();
    expect(await verdict).toBeNull();
    expect(performance.now() - started).toBeLessThan(800);
    expect(fallbacks).toEqual([]);
  });

  it('falls back on a provider error and on an answer it cannot read', async () => {
    fallbacks.length = 0;
    fake.plainQueue.push({ kind: 'error', status: 500 });
    expect(await checkWith().check(indirect, 'en')).toBeNull();
    fake.plainQueue.push({ kind: 'answer', text: 'I am not sure, sorry.' });
    expect(await checkWith().check(indirect, 'en')).toBeNull();
    expect(fallbacks).toEqual(['error', 'unreadable']);
  });
});

describe('reading the verdict', () => {
  it('reads JSON inside other text, keeps a known category and language, defaults the rest', () => {
    expect(
      readVerdict('```json\n{"crisis": true, "category": "abuse", "language": "de"}\n```', 'en'),
    ).toEqual({ tier: 'acute', category: 'abuse', language: 'de' });
    expect(readVerdict('{"crisis": true, "category": "sadness", "language": "pt"}', 'it')).toEqual({
      tier: 'acute',
      category: null,
      language: 'it',
    });
    expect(
      readVerdict('{"crisis": true, "tier": "possible", "category": "abuse", "language": "fr"}', 'en'),
    ).toEqual({ tier: 'possible', category: 'abuse', language: 'fr' });
    expect(
      readVerdict('{"crisis": true, "tier": "possible", "category": "acute_danger", "language": "fr"}', 'en'),
    ).toEqual({ tier: 'acute', category: 'acute_danger', language: 'fr' });
    expect(readVerdict('{"crisis": "maybe"}', 'en')).toBeUndefined();
    expect(readVerdict('no json', 'en')).toBeUndefined();
  });
});
