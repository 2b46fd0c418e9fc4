import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAi } from '../../testing/fake-openai-server.ts';
import { type CoachEvent, CoachModelError, type CoachRequest } from './coach-model.ts';
import { createOpenAiCoach } from './openai-coach.ts';

// The OpenAI-compatible adapter against a local server that speaks the streaming protocol.
let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

const request: CoachRequest = {
  language: 'en',
  messages: [
    { role: 'system', content: 'You are a coach.' },
    { role: 'user', content: 'I feel stuck.' },
  ],
  promptTokens: 12,
  message: 'I feel stuck.',
  history: [],
  answers: [],
  attachments: [],
  attachmentSummary: { unreadable: false, empty: [], images: [] },
  maxTokens: 300,
  memory: [],
};

const coachWith = (idleTimeoutMs = 2000) =>
  createOpenAiCoach({ apiKey: 'sk-test-123', baseURL: fake.baseUrl, model: 'coach-model', idleTimeoutMs });

async function collect(
  events: AsyncIterable<CoachEvent>,
): Promise<{ text: string; usage: CoachEvent | undefined }> {
  let text = '';
  let usage: CoachEvent | undefined;
  for await (const event of events) {
    if (event.type === 'text') text += event.text;
    else usage = event;
  }
  return { text, usage };
}

async function failure(events: AsyncIterable<CoachEvent>): Promise<CoachModelError> {
  try {
    await collect(events);
  } catch (err) {
    expect(err).toBeInstanceOf(CoachModelError);
    return err as CoachModelError;
  }
  throw new Error('expected the reply to fail');
}

describe('OpenAI-compatible coach', () => {
  it('streams the pieces and the usage, asking with the model, key, budget and include_usage', async () => {
    fake.queue.push({
      kind: 'stream',
      pieces: ['What ', 'feels ', 'most ', 'stuck?'],
      usage: { prompt_tokens: 42, completion_tokens: 7 },
    });
    const result = await collect(coachWith().reply(request, new AbortController().signal));
    expect(result.text).toBe('What feels most stuck?');
    expect(result.usage).toEqual({ type: 'usage', promptTokens: 42, completionTokens: 7 });
    const call = fake.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test-123');
    expect(call.body).toMatchObject({
      model: 'coach-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 300,
      messages: request.messages,
    });
  });

  it('estimates the usage when the server reports none', async () => {
    fake.queue.push({ kind: 'stream', pieces: ['abcdefgh'], usage: null });
    const result = await collect(coachWith().reply(request, new AbortController().signal));
    expect(result.usage).toEqual({ type: 'usage', promptTokens: 12, completionTokens: 2 });
  });

  it.each([
    [429, 'rate_limited'],
    [400, 'rejected'],
    [401, 'rejected'],
    [503, 'unavailable'],
  ] as const)('turns an HTTP %i into a %s error', async (status, kind) => {
    // The SDK retries a 429 and a 5xx once: both answers fail.
    fake.queue.push({ kind: 'error', status }, { kind: 'error', status });
    const error = await failure(coachWith().reply(request, new AbortController().signal));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    fake.queue.length = 0;
  });

  it('reports a stream that breaks off in the middle', async () => {
    fake.queue.push({ kind: 'broken', pieces: ['Half ', 'a '], delayMs: 5 });
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const event of coachWith().reply(request, new AbortController().signal))
        if (event.type === 'text') seen.push(event.text);
    } catch (err) {
      caught = err;
    }
    expect(seen.join('')).toBe('Half a ');
    expect(caught).toBeInstanceOf(CoachModelError);
    expect((caught as CoachModelError).kind).toBe('broken_stream');
  });

  it('reports an error object sent inside the stream', async () => {
    fake.queue.push({ kind: 'stream-error', pieces: ['Hi'], message: 'overloaded' });
    const error = await failure(coachWith().reply(request, new AbortController().signal));
    expect(['broken_stream', 'unavailable']).toContain(error.kind);
  });

  it('gives up a stalled stream after the idle time-out', async () => {
    fake.queue.push({ kind: 'stall', pieces: ['Hmm'] });
    const started = Date.now();
    const error = await failure(coachWith(300).reply(request, new AbortController().signal));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('waits for a slow but steady stream', async () => {
    fake.queue.push({ kind: 'stream', pieces: ['slow ', 'but ', 'steady'], delayMs: 150, firstDelayMs: 150 });
    const result = await collect(coachWith(400).reply(request, new AbortController().signal));
    expect(result.text).toBe('slow but steady');
  });

  it('cancels the HTTP call when the signal aborts, and ends without an error', async () => {
    fake.queue.push({ kind: 'stream', pieces: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 20 });
    const controller = new AbortController();
    let text = '';
    let usage: CoachEvent | undefined;
    for await (const event of coachWith().reply(request, controller.signal)) {
      if (event.type === 'text') {
        text += event.text;
        if (text.split(' ').length > 3) controller.abort();
      } else usage = event;
    }
    expect(text.startsWith('w0 w1 w2')).toBe(true);
    const call = fake.calls.at(-1)!;
    await expect.poll(() => call.aborted, { timeout: 2000 }).toBe(true);
    expect(call.finished).toBe(false);
    // Still metered, by estimate.
    expect(usage).toMatchObject({ type: 'usage', promptTokens: 12 });
  });

  it('asks for a short title in the language, and falls back to null on failure', async () => {
    fake.titleText = '"Finding my way at work."';
    const title = await coachWith().title('I feel stuck at work', 'fr', new AbortController().signal);
    expect(title).toEqual({ title: 'Finding my way at work', tokens: 35 });
    const call = fake.calls.at(-1)!;
    expect(call.body.stream).toBeUndefined();
    expect(call.body.messages?.[0]?.content).toContain('in French');
    const down = createOpenAiCoach({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      idleTimeoutMs: 500,
    });
    expect(await down.title('hello', 'en', new AbortController().signal)).toBeNull();
  });
});
