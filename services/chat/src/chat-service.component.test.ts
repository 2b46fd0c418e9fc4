import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, coachProfiles, dataKeys } from './db/schema.ts';
import { type ModelChatHarness, startModelChatHarness } from './testing/model-chat.ts';
import { readSse, replyText, sseEvents } from './testing/sse-client.ts';

// The service on its embedded adapters (PGlite, in-process bus) with the OpenAI-compatible coach
// pointed at a local fake model: what the model is asked, usage metering, titles, the coach's
// questionnaire context, disconnects, erasure.
let h: ModelChatHarness;
beforeAll(async () => {
  h = await startModelChatHarness({ env: { CHAT_ORPHAN_GRACE_MS: '200' } });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const send = (
  userId: string,
  message: string,
  sessionId: string | null = null,
  headers: Record<string, string> = {},
) => h.call('POST', '/api/v1/chat/stream', { message, session_id: sessionId }, { userId, headers });

describe('with an OpenAI-compatible model', () => {
  it('streams the model reply, meters its usage plus the title call, and takes the title from the model', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { trialTokensRemaining: 10_000 });
    h.fake.titleText = 'Courage at work';
    h.fake.queue.push({
      kind: 'stream',
      pieces: ['What ', 'would ', 'courage ', 'look like?'],
      usage: { prompt_tokens: 120, completion_tokens: 9 },
    });
    const events = await readSse(await send(userId, 'I never dare to speak up in meetings'));
    expect(replyText(events)).toBe('What would courage look like?');
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    const consumed = await h.waitForEvent('chat.tokens.consumed', (e) => e.data.sessionId === sessionId);
    // 120 + 9 for the reply, 35 for the title (the fake's usage).
    expect(consumed.data.tokens).toBe(164);
    const session = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId }),
    );
    expect(session.body).toMatchObject({ session_title: 'Courage at work', total_tokens: 164 });

    const stream = h.fake.calls.find(
      (c) => c.body.stream === true && c.body.messages?.at(-1)?.content.includes('speak up'),
    );
    expect(stream?.authorization).toBe('Bearer sk-local-test');
    expect(stream?.body).toMatchObject({
      model: 'coach-test-model',
      stream_options: { include_usage: true },
    });
    const system = stream?.body.messages?.[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Always answer in English');
    expect(system?.content).toContain('not therapy');
  });

  it('gives the model the questionnaire answers (from the sealed event) and the conversation so far', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    await h.answers(
      userId,
      [
        { questionKey: 'question_1', answerText: 'Nurse in Lausanne, two children.' },
        { questionKey: 'question_7', answerText: 'I dream of teaching one day.' },
      ],
      2,
    );
    // The answers are kept encrypted under the person's key.
    const [profile] = await h.service.ctx.db
      .select()
      .from(coachProfiles)
      .where(eq(coachProfiles.userId, userId));
    expect(profile?.answersCiphertext).toMatch(/^v1\./);
    expect(profile?.answersCiphertext).not.toContain('Lausanne');
    // An older snapshot arriving late changes nothing.
    const older = await h.answers(
      userId,
      [{ questionKey: 'question_1', answerText: 'An older answer' }],
      1,
      false,
    );
    await h.handled(older);
    const [kept] = await h.service.ctx.db
      .select()
      .from(coachProfiles)
      .where(eq(coachProfiles.userId, userId));
    expect(kept?.answersRevision).toBe(2);

    h.fake.queue.push(
      { kind: 'stream', pieces: ['First answer.'] },
      { kind: 'stream', pieces: ['Second answer.'] },
    );
    const first = await readSse(
      await send(userId, 'Je voudrais parler de mon travail', null, { 'accept-language': 'fr-CH' }),
    );
    const sessionId = JSON.parse(first[0]!.data).session_id as string;
    await readSse(await send(userId, 'Et de mes enfants aussi', sessionId));
    const call = h.fake.calls.filter((c) => c.body.stream === true).at(-1)!;
    const messages = call.body.messages!;
    expect(messages[0]?.content).toContain('Always answer in French');
    expect(messages[0]?.content).toContain('Me today: Nurse in Lausanne, two children.');
    expect(messages[0]?.content).toContain('Dreams and plans for tomorrow: I dream of teaching one day.');
    expect(messages[0]?.content).not.toContain('An older answer');
    expect(messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Je voudrais parler de mon travail'],
      ['assistant', 'First answer.'],
      ['user', 'Et de mes enfants aussi'],
    ]);
  });

  it('asks for the title only once the first word is out, and has it in place at [DONE]', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    h.fake.titleText = 'Quiet mornings';
    const message = 'How do I keep my mornings quiet';
    // The first word is 400 ms away, long after the model was asked: a title asked for at once
    // would reach the model well before it.
    h.fake.queue.push({ kind: 'stream', pieces: ['Let us ', 'look at ', 'your mornings.'], delayMs: 400 });
    const titleCalls = () =>
      h.fake.calls.filter((c) => c.body.stream !== true && JSON.stringify(c.body.messages).includes(message));
    const response = await send(userId, message);
    let sessionId = '';
    let afterFirstWord = -1;
    for await (const event of sseEvents(response)) {
      if (event.data === '[DONE]') break;
      const chunk = JSON.parse(event.data) as { session_id: string; content: string };
      sessionId ||= chunk.session_id;
      if (chunk.content !== '' && afterFirstWord === -1) {
        await eventually(async () => titleCalls().length > 0, 2000);
        afterFirstWord = titleCalls().length;
      }
    }
    expect(afterFirstWord).toBe(1);
    // The model saw the title call only after it had sent the first word: the order of its calls says so.
    const reply = h.fake.calls.find(
      (c) => c.body.stream === true && JSON.stringify(c.body.messages).includes(message),
    )!;
    expect(reply.callsAtFirstPiece).toBeDefined();
    expect(h.fake.calls.indexOf(titleCalls()[0]!)).toBeGreaterThanOrEqual(reply.callsAtFirstPiece!);
    const session = await json(
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId }),
    );
    expect(session.body).toMatchObject({ session_title: 'Quiet mornings' });
  });

  it('turns a model failure into an error event; nothing is metered', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    h.fake.queue.push({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const events = await readSse(await send(userId, 'Hello, are you there?'));
    expect(events.at(-1)).toMatchObject({ event: 'error' });
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    // No metering event follows the failure: the user's next turn is metered, and a metering of
    // the failed one, which ended first, would have come before it.
    const next = await readSse(await send(userId, 'Hello again'));
    const nextSessionId = JSON.parse(next[0]!.data).session_id as string;
    await h.waitForEvent('chat.tokens.consumed', (e) => e.data.sessionId === nextSessionId);
    expect(h.eventsOf('chat.tokens.consumed').some((e) => e.data.sessionId === sessionId)).toBe(false);
  });

  it('cancels the model call when the reader disconnects and does not come back', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    h.fake.queue.push({
      kind: 'stream',
      pieces: Array.from({ length: 300 }, (_, i) => `w${i} `),
      delayMs: 10,
    });
    const controller = new AbortController();
    const response = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'Tell me a long story', session_id: null },
      { userId, signal: controller.signal },
    );
    let sessionId = '';
    let seen = 0;
    try {
      for await (const event of sseEvents(response)) {
        sessionId ||= JSON.parse(event.data).session_id;
        if (++seen === 4) break;
      }
    } finally {
      controller.abort();
    }
    // The reply's call (streamed); the title's call is a plain one made after the first word.
    const call = h.fake.calls.findLast((c) => c.body.stream === true)!;
    await eventually(async () => call.aborted, 5000);
    expect(call.finished).toBe(false);
    await h.settle();
    const rows = await h.service.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    expect(rows.find((r) => r.role === 'assistant')?.status).toBe('interrupted');
  });
});

describe('erasure', () => {
  it('removes every session, message and projection and destroys the data key on auth.user.erased', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    h.fake.queue.push({ kind: 'stream', pieces: ['Noted.'] });
    const events = await readSse(await send(userId, 'Something to forget'));
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    await h.publish('auth.user.erased', { userId });
    const db = h.service.ctx.db;
    await eventually(
      async () => (await db.select().from(dataKeys).where(eq(dataKeys.userId, userId)))[0]?.destroyedAt,
    );
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
    expect((await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId })).status).toBe(
      404,
    );
    expect((await json(await send(userId, 'Hello again'))).body.code).toBe('SUBSCRIPTION_REQUIRED');
  });
});

describe('session list', () => {
  it('keeps its order when a chat is renamed: a new name is not new activity', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    const create = async () => {
      const created = await json(await h.call('POST', '/api/v1/chat-sessions/', {}, { userId }));
      h.clock.advance(60_000);
      return created.body.id as string;
    };
    const older = await create();
    const newer = await create();
    const renamed = await json(
      await h.call('PUT', `/api/v1/chat-sessions/${older}`, { title: 'Salary talk' }, { userId }),
    );
    expect(renamed.body.session_title).toBe('Salary talk');
    const list = await json(await h.call('GET', '/api/v1/chat-sessions/', undefined, { userId }));
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([newer, older]);
  });
});
