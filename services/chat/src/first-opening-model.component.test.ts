import { randomUUID } from 'node:crypto';
import { QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { eventually } from '@innerview/kit/testing/eventually';
import { describe, expect, it } from 'vitest';
import { findProfile } from './db/profiles.ts';
import { type ModelChatHarness, useModelChatHarness } from './testing/model-chat.ts';

// docs/product.md#the-coachs-first-opening with a model configured (a local fake model): what the
// model is given for the opening, and what the person finds in the session it opened.
let h: ModelChatHarness;
useModelChatHarness((harness) => {
  h = harness;
});

describe("the model's first opening", () => {
  it('gives the model the answers and the person’s language, asks no title of it, and keeps its words', async () => {
    const me = randomUUID();
    await h.publish('auth.settings.changed', { userId: me, language: 'fr', theme: 'system' });
    await eventually(async () => (await findProfile(h.service.ctx.db, me))?.language === 'fr');
    await h.subscribe(me, 'monthly');
    await h.answers(me, [
      { questionKey: 'question_7', answerText: 'Ouvrir une petite librairie au bord du lac.' },
    ]);
    h.fake.queue.push({
      kind: 'stream',
      pieces: ['Une librairie au bord du lac : ', 'qu’est-ce qui vous y attire ?'],
    });
    const before = h.fake.calls.length;

    const opened = await h.call('POST', '/api/v1/chat-sessions/opening', undefined, { userId: me });
    expect(opened.status).toBe(201);
    const { session_id: sessionId } = (await opened.json()) as { session_id: string };
    await h.settle();

    const calls = h.fake.calls.slice(before);
    // One streamed call (the reply); no title call: the session is named by the questionnaire.
    expect(calls.map((c) => c.body.stream === true)).toEqual([true]);
    const messages = calls[0]!.body.messages ?? [];
    expect(messages[0]?.content).toContain('Always answer in French');
    const last = messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content.startsWith(QUESTIONNAIRE_MESSAGE_PREAMBLE)).toBe(true);
    expect(last.content).toContain('Ouvrir une petite librairie au bord du lac.');

    const transcript = (await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId: me })
    ).json()) as Array<{ role: string; content: string; hidden: boolean }>;
    expect(transcript.map((e) => [e.role, e.hidden])).toEqual([
      ['user', true],
      ['assistant', false],
    ]);
    expect(transcript[1]!.content).toBe('Une librairie au bord du lac : qu’est-ce qui vous y attire ?');
    const sessions = (await (
      await h.call('GET', '/api/v1/chat-sessions/', undefined, { userId: me })
    ).json()) as Array<{
      session_title: string;
    }>;
    expect(sessions.map((s) => s.session_title)).toEqual(['Faire connaissance']);
  });
});
