import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_EVERY } from './actions/memory-sources.ts';
import type { FakeCall } from './testing/fake-openai-server.ts';
import { type ModelChatHarness, startModelChatHarness } from './testing/model-chat.ts';
import { readSse } from './testing/sse-client.ts';

// docs/product.md#memory with a model (the local fake): what the coach's context holds, what the
// summary step sends and what it keeps, and that memory off means neither.
let h: ModelChatHarness;
const SUMMARY_MARK = 'You keep a short memory';
let proposal = '{"items":[]}';
beforeAll(async () => {
  h = await startModelChatHarness({ fallback: { kind: 'stream', pieces: ['Tell me', ' more.'] } });
  h.fake.plainFor = (call) =>
    call.body.messages?.[0]?.content.startsWith(SUMMARY_MARK)
      ? { kind: 'answer', text: proposal }
      : undefined;
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const memoryOf = async (userId: string) =>
  (await (await h.call('GET', '/api/v1/memory/', undefined, { userId })).json()) as {
    items: Array<{ kind: string; text: string; source: string }>;
    enabled: boolean;
  };

async function send(userId: string, message: string, sessionId: string | null = null): Promise<string> {
  const response = await h.call(
    'POST',
    '/api/v1/chat/stream',
    { message, session_id: sessionId },
    { userId },
  );
  const events = await readSse(response);
  await h.settle();
  return JSON.parse(events[0]!.data).session_id as string;
}

const streamedCallFor = (text: string) =>
  h.fake.calls.findLast((c) => c.body.stream === true && c.body.messages?.at(-1)?.content.includes(text));
const summaryCalls = (userText: string): FakeCall[] =>
  h.fake.calls.filter(
    (c) =>
      c.body.messages?.[0]?.content.startsWith(SUMMARY_MARK) &&
      c.body.messages[1]?.content.includes(userText),
  );

describe('memory with a model', () => {
  it("puts the person's items in the coach's context, and none when memory is off", async () => {
    const me = randomUUID();
    await h.subscribe(me);
    await h.call(
      'POST',
      '/api/v1/memory/',
      { kind: 'goal', text: 'Speak up once in every team meeting' },
      { userId: me },
    );
    await send(me, 'The team meeting is tomorrow morning.');
    const system = streamedCallFor('team meeting is tomorrow')!.body.messages![0]!.content;
    expect(system).toContain('<memory>\n- (goal) Speak up once in every team meeting\n</memory>');

    await h.call('PUT', '/api/v1/memory/settings', { enabled: false }, { userId: me });
    await send(me, 'The team meeting went fine after all.');
    expect(streamedCallFor('went fine after all')!.body.messages![0]!.content).not.toContain('<memory>');
  });

  it(`asks the model for items every ${SUMMARY_EVERY} messages, without crisis messages, and keeps the safe ones`, async () => {
    const me = randomUUID();
    await h.subscribe(me);
    await h.call('POST', '/api/v1/memory/', { text: 'I have two children' }, { userId: me });
    proposal = JSON.stringify({
      items: [
        { kind: 'goal', text: 'I want to find a job closer to home' },
        { kind: 'helps', text: 'My friend Marta always listens to me' },
        { kind: 'other', text: 'I have two children' },
        { kind: 'other', text: 'Sometimes I want to kill myself' },
        { kind: 'wish', text: 'Cycling to work when it is sunny' },
      ],
    });
    const session = await send(me, 'I spend three hours a day commuting and it wears me out.');
    await send(me, 'I want to kill myself.', session);
    await send(me, 'My friend Marta always listens when I need to think.', session);
    expect(summaryCalls('commuting')).toHaveLength(0);
    await send(me, 'So I think I want a job closer to home.', session);

    const [summary] = summaryCalls('commuting');
    expect(summary).toBeDefined();
    const sent = summary!.body.messages![1]!.content;
    expect(sent).toContain('Known items:\n- I have two children');
    expect(sent).toContain('Person: I spend three hours a day commuting');
    expect(sent).toContain('Person: So I think I want a job closer to home.');
    expect(sent).toContain('Coach: Tell me more.');
    // Neither the crisis message nor the care reply that answered it.
    expect(sent).not.toContain('kill myself');
    expect(sent.match(/Person:/g)).toHaveLength(3);

    const { items } = await memoryOf(me);
    expect(items.map((i) => [i.kind, i.text, i.source])).toEqual([
      ['other', 'I have two children', 'person'],
      ['goal', 'I want to find a job closer to home', 'conversation'],
      ['helps', 'My friend Marta always listens to me', 'conversation'],
      ['other', 'Cycling to work when it is sunny', 'conversation'],
    ]);
  });

  it('neither asks the model nor keeps anything when memory is off', async () => {
    const me = randomUUID();
    await h.subscribe(me);
    await h.call('PUT', '/api/v1/memory/settings', { enabled: false }, { userId: me });
    proposal = JSON.stringify({ items: [{ kind: 'goal', text: 'Learn the piano' }] });
    let session: string | null = null;
    for (let i = 0; i < SUMMARY_EVERY; i++)
      session = await send(me, `Piano practice note number ${i + 1}.`, session);
    expect(summaryCalls('Piano practice')).toHaveLength(0);
    expect(await memoryOf(me)).toEqual({ items: [], enabled: false });
  });

  it('keeps nothing when the model answers something else than the JSON asked for', async () => {
    const me = randomUUID();
    await h.subscribe(me);
    proposal = 'Sure! Here are some items: the person likes gardening.';
    let session: string | null = null;
    for (let i = 0; i < SUMMARY_EVERY; i++)
      session = await send(me, `Gardening diary entry ${i + 1}.`, session);
    expect(summaryCalls('Gardening diary')).toHaveLength(1);
    expect((await memoryOf(me)).items).toEqual([]);
  });
});
