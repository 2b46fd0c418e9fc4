import { randomUUID } from 'node:crypto';
import { QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { eventually } from '@innerview/kit/testing/eventually';
import { describe, expect, it } from 'vitest';
import { findProfile } from './db/profiles.ts';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';

// docs/product.md#the-coachs-first-opening over real HTTP on PostgreSQL: after the questionnaire,
// the first new chat is opened by the coach from the answers, once, for the person only.
let h: ChatHarness;
useIntegrationRun((harness) => {
  h = harness;
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Answer = { status: number; body: any };

async function call(method: string, path: string, userId: string, body?: unknown): Promise<Answer> {
  const response = await h.call(method, path, body, { userId });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const open = (userId: string) => call('POST', '/api/v1/chat-sessions/opening', userId);

/** The transcript once its reply is written. */
async function transcriptOf(userId: string, sessionId: string): Promise<Answer> {
  await h.settle();
  return call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, userId);
}

describe("the coach's first opening", () => {
  it('opens the first new chat after the questionnaire from the answers, in the person’s language, once', async () => {
    const me = randomUUID();
    await h.publish('auth.settings.changed', { userId: me, language: 'it', theme: 'system' });
    await eventually(async () => (await findProfile(h.service.ctx.db, me))?.language === 'it');
    await h.subscribe(me, 'freemium');
    await h.answers(me, [
      { questionKey: 'question_1', answerText: 'Infermiera a Lugano, sempre di corsa.' },
      { questionKey: 'question_7', answerText: 'Vorrei aprire una piccola libreria.' },
    ]);

    const opened = await open(me);
    expect(opened.status).toBe(201);
    expect(opened.body).toEqual({ session_id: expect.any(String), opening: 'introduction' });
    const transcript = await transcriptOf(me, opened.body.session_id);
    expect(transcript.status).toBe(200);
    const [hidden, reply] = transcript.body;
    expect(transcript.body).toHaveLength(2);
    // The answers go to the coach as the hidden questionnaire message, never drawn.
    expect(hidden).toMatchObject({ role: 'user', hidden: true });
    expect(hidden.content.startsWith(QUESTIONNAIRE_MESSAGE_PREAMBLE)).toBe(true);
    expect(hidden.content).toContain('Vorrei aprire una piccola libreria.');
    // The reply is the coach's, in Italian, and speaks of what the person wrote.
    expect(reply).toMatchObject({ role: 'assistant', hidden: false });
    expect(reply.content).toMatch(/libreria/);
    expect(reply.content).toMatch(/questionario/i);
    expect(reply.content).toMatch(/\?\s*$/);

    // Made once: the next new chat is an ordinary one.
    expect((await open(me)).status).toBe(204);
    // Only the person sees it.
    const other = randomUUID();
    expect(
      (await call('GET', `/api/v1/chat-sessions/${opened.body.session_id}/transcript`, other)).status,
    ).toBe(404);
  });

  it('makes one opening when two new chats ask at once', async () => {
    const me = randomUUID();
    await h.subscribe(me, 'freemium');
    await h.answers(me, [{ questionKey: 'question_6', answerText: 'Long walks by the river and cooking.' }]);
    const answers = await Promise.all([open(me), open(me), open(me)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 204, 204]);
    const sessions = await call('GET', '/api/v1/chat-sessions/', me);
    expect(sessions.body).toHaveLength(1);
    await h.settle();
  });

  it('waits for a plan: without access nothing is made, and the first chat that can start gets it', async () => {
    const me = randomUUID();
    await h.answers(me, [{ questionKey: 'question_7', answerText: 'Finding work that feels meaningful.' }]);
    expect((await open(me)).status).toBe(204);
    expect((await call('GET', '/api/v1/chat-sessions/', me)).body).toEqual([]);

    await h.subscribe(me, 'freemium');
    const opened = await open(me);
    expect(opened.status).toBe(201);
    const transcript = await transcriptOf(me, opened.body.session_id);
    expect(transcript.body.at(-1).content).toContain('meaningful');
  });

  it('makes none without a submitted questionnaire', async () => {
    const me = randomUUID();
    await h.subscribe(me, 'freemium');
    expect((await open(me)).status).toBe(204);
    expect((await call('GET', '/api/v1/chat-sessions/', me)).body).toEqual([]);
  });
});
