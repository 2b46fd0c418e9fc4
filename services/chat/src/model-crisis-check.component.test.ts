import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import { beforeEach, describe, expect, it } from 'vitest';
import { listSafetyReferrals } from './db/safety-referrals.ts';
import { assessMessage } from './domain/safety/assess.ts';
import { crisisReply } from './domain/safety/crisis-reply.ts';
import { hasRiskCue } from './domain/safety/risk-cues.ts';
import { startChatHarness } from './testing/chat-harness.ts';
import type { FakeCall, FakePlainBehaviour } from './testing/fake-openai-server.ts';
import { type ModelChatHarness, useModelChatHarness } from './testing/model-chat.ts';
import { readSse, replyText, sseEvents } from './testing/sse-client.ts';

// The model-based crisis check wired into sending (docs/safety.md, ADR 28), against the local fake
// OpenAI server as both the coach and the check's model: a message with a risk cue that the rules
// do not flag has its reply held until the check answers; a finding replaces the reply with the
// crisis answer; no finding, a time-out or a failure releases it; no cue, no check.
let h: ModelChatHarness;
useModelChatHarness(
  (harness) => {
    h = harness;
  },
  {},
  180_000,
);

const isCheck = (call: FakeCall) =>
  String(call.body.messages?.[0]?.content ?? '').startsWith('You are a safety classifier');
const checkCallsFor = (message: string) =>
  h.fake.calls.filter((c) => isCheck(c) && c.body.messages?.at(-1)?.content === message);
const replyCallFor = (message: string) =>
  h.fake.calls.findLast((c) => c.body.stream === true && c.body.messages?.at(-1)?.content === message);
/** What the check's model answers next (the title calls keep the fake's title). */
let checkAnswers: FakePlainBehaviour[] = [];
beforeEach(() => {
  checkAnswers = [];
  h.fake.queue.length = 0;
  h.fake.plainFor = (call) =>
    isCheck(call)
      ? (checkAnswers.shift() ?? { kind: 'answer', text: '{"crisis": false, "category": null}' })
      : undefined;
});

const crisis = (category: string, language: string, delayMs = 0): FakePlainBehaviour => ({
  kind: 'answer',
  text: JSON.stringify({ crisis: true, category, language }),
  delayMs,
});
const clear = (delayMs = 0): FakePlainBehaviour => ({
  kind: 'answer',
  text: '{"crisis": false, "category": null, "language": "en"}',
  delayMs,
});

const send = (userId: string, message: string) =>
  h.call('POST', '/api/v1/chat/stream', { message, session_id: null }, { userId });

/** The reply's events and when its first words came, in ms after the call. */
async function timedReply(userId: string, message: string) {
  const started = performance.now();
  const response = await send(userId, message);
  const events = [];
  let firstWords: number | null = null;
  for await (const event of sseEvents(response)) {
    if (firstWords === null && event.event === undefined && event.data !== '[DONE]') {
      const { content } = JSON.parse(event.data) as { content: string };
      if (content !== '') firstWords = performance.now() - started;
    }
    events.push(event);
  }
  return { status: response.status, events, firstWords: firstWords ?? Number.POSITIVE_INFINITY };
}

const sessionOf = (events: Array<{ data: string }>) => JSON.parse(events[0]!.data).session_id as string;

// Messages with a risk cue that the rules do not flag (checked in the first test).
const roofTerrace = 'Some evenings I sit on the roof terrace and think about how the week went.';
const noSense = 'Der Streit mit meinem Team hat mich verletzt.';
const ponte = "Il ponte vicino all'ufficio è chiuso per lavori, devo fare il giro lungo.";
const leer = 'Meine Kollegin hat mich mit ihrem Kommentar verletzt.';

describe('a message with a risk cue the local detector does not flag', () => {
  it('is one the rules miss and the pre-filter sends on', () => {
    for (const message of [roofTerrace, noSense, ponte, leer]) {
      expect(assessMessage(message, 'en').tier).toBe('none');
      expect(hasRiskCue(message)).toBe(true);
    }
  });

  it('gets the crisis answer instead of the model reply when the check finds a crisis', async () => {
    const userId = randomUUID();
    await h.subscribe(userId, 'freemium', { trialTokensRemaining: 10_000 });
    checkAnswers.push(crisis('suicidal_thoughts', 'en', 300));
    // The reply is under way (a word every 100 ms) when the verdict comes.
    h.fake.queue.push({
      kind: 'stream',
      pieces: ['Roof ', 'terraces ', 'can ', 'be ', 'a ', 'calm ', 'place.'],
      delayMs: 100,
    });
    const { status, events } = await timedReply(userId, roofTerrace);
    expect(status).toBe(200);
    expect(replyText(events)).toBe(crisisReply('suicidal_thoughts', 'en'));
    expect(replyText(events)).not.toContain('calm place');
    expect(events.at(-1)?.data).toBe('[DONE]');
    const sessionId = sessionOf(events);

    // The model reply was started at once and cancelled by the finding.
    expect(checkCallsFor(roofTerrace)).toHaveLength(1);
    await eventually(async () => replyCallFor(roofTerrace)?.aborted);
    expect(replyCallFor(roofTerrace)?.finished).toBe(false);

    // Recorded as the rules' findings are: category and language, never the words.
    const flagged = await h.waitForEvent('chat.safety.flagged', (e) => e.data.sessionId === sessionId);
    expect(flagged.data).toEqual({ userId, sessionId, category: 'suicidal_thoughts', language: 'en' });
    expect(JSON.stringify(flagged)).not.toContain('roof terrace');

    // Kept in the conversation; nothing metered, no title from this exchange.
    await h.settle();
    const transcript = await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId })
    ).json();
    expect(transcript.at(-1)).toMatchObject({
      role: 'assistant',
      content: crisisReply('suicidal_thoughts', 'en'),
    });
    expect(JSON.stringify(transcript)).not.toContain('calm place');
    expect(h.eventsOf('chat.tokens.consumed').some((e) => e.data.sessionId === sessionId)).toBe(false);
    // Counted for the yearly report as an acute referral in English (no user, no text).
    const day = h.clock.now().toISOString().slice(0, 10);
    const counts = await listSafetyReferrals(h.chat.service.db, day, day);
    expect(counts.find((c) => c.tier === 'acute' && c.language === 'en')?.count).toBeGreaterThanOrEqual(1);
    const session = await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId })
    ).json();
    expect(session.total_tokens).toBe(0);
    expect(session.session_title).not.toBe('A fake title');
  });

  it('gets the model reply unchanged when the check finds none, after the check answered', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    checkAnswers.push(clear(400));
    h.fake.queue.push({ kind: 'stream', pieces: ['What ', 'draws ', 'you ', 'there?'] });
    const { events, firstWords } = await timedReply(userId, noSense);
    expect(replyText(events)).toBe('What draws you there?');
    expect(events.at(-1)?.data).toBe('[DONE]');
    // The model had the whole reply ready at once; its words waited for the check's answer.
    expect(firstWords).toBeGreaterThanOrEqual(350);
    const check = checkCallsFor(noSense);
    expect(check).toHaveLength(1);
    expect(check[0]!.body).toMatchObject({ model: 'coach-test-model', temperature: 0 });
    expect(replyCallFor(noSense)?.finished).toBe(true);
    const sessionId = sessionOf(events);
    // Metered as any reply.
    await h.waitForEvent('chat.tokens.consumed', (e) => e.data.sessionId === sessionId);
    expect(h.eventsOf('chat.safety.flagged').some((e) => e.data.sessionId === sessionId)).toBe(false);
  });

  it('gets the model reply when the check times out (1.5 s), and when it fails', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    // A finding that comes too late does not count: the reply was already released.
    checkAnswers.push(crisis('suicidal_thoughts', 'it', 3000));
    h.fake.queue.push({ kind: 'stream', pieces: ['Che ', 'cosa ', 'ti ', 'attira?'] });
    const late = await timedReply(userId, ponte);
    expect(replyText(late.events)).toBe('Che cosa ti attira?');
    expect(late.firstWords).toBeGreaterThanOrEqual(1400);
    expect(late.firstWords).toBeLessThan(2900);
    expect(h.eventsOf('chat.safety.flagged').some((e) => e.data.sessionId === sessionOf(late.events))).toBe(
      false,
    );

    const other = randomUUID();
    await h.subscribe(other);
    const checksBefore = checkCallsFor(roofTerrace).length;
    checkAnswers.push({ kind: 'error', status: 500 });
    h.fake.queue.push({ kind: 'stream', pieces: ['Go ', 'on.'] });
    const failed = await timedReply(other, roofTerrace);
    expect(replyText(failed.events)).toBe('Go on.');
    expect(checkCallsFor(roofTerrace)).toHaveLength(checksBefore + 1);
  });

  it('shows and keeps nothing when the person stops while the words are held', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    checkAnswers.push(clear(1500));
    h.fake.queue.push({ kind: 'stream', pieces: ['Held ', 'words.'] });
    const checksBefore = checkCallsFor(ponte).length;
    const response = await send(userId, ponte);
    const events = [];
    for await (const event of sseEvents(response)) {
      if (events.length === 0) {
        const sessionId = JSON.parse(event.data).session_id as string;
        // The model's whole reply is in by now; its words wait for the check.
        await eventually(
          async () => checkCallsFor(ponte).length === checksBefore + 1 && replyCallFor(ponte)?.finished,
        );
        const stopped = await h.call('POST', '/api/v1/chat/stop', { session_id: sessionId }, { userId });
        expect(await stopped.json()).toEqual({ stopped: true });
      }
      events.push(event);
    }
    expect(replyText(events)).toBe('');
    const sessionId = sessionOf(events);
    await h.settle();
    // The check was cancelled with the reply.
    await eventually(async () => checkCallsFor(ponte).at(-1)?.aborted);
    const transcript = await (
      await h.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId })
    ).json();
    expect(transcript.filter((m: { role: string }) => m.role === 'assistant')).toEqual([]);
    expect(h.eventsOf('chat.tokens.consumed').some((e) => e.data.sessionId === sessionId)).toBe(false);
  });

  it('is answered with the crisis answer even without access, when the check finds a crisis', async () => {
    // No subscription: a message without a crisis is refused, one the check flags is answered.
    const userId = randomUUID();
    checkAnswers.push(clear());
    const refused = await send(userId, leer);
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    expect(checkCallsFor(leer)).toHaveLength(1);

    checkAnswers.push(crisis('suicidal_thoughts', 'de'));
    const { status, events } = await timedReply(userId, leer);
    expect(status).toBe(200);
    expect(replyText(events)).toBe(crisisReply('suicidal_thoughts', 'de'));
    expect(replyCallFor(leer)).toBeUndefined();
  });
});

describe('a message without a risk cue', () => {
  it('makes no check call and streams the reply as before', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    const message = 'I would like to think about my week';
    expect(hasRiskCue(message)).toBe(false);
    checkAnswers.push(crisis('suicidal_thoughts', 'en'));
    h.fake.queue.push({ kind: 'stream', pieces: ['Where ', 'shall ', 'we ', 'start?'] });
    const events = await readSse(await send(userId, message));
    expect(replyText(events)).toBe('Where shall we start?');
    expect(checkCallsFor(message)).toHaveLength(0);
    expect(checkAnswers).toHaveLength(1);

    // Refused without a check when the person may not chat.
    const refused = await send(randomUUID(), message);
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    expect(checkCallsFor(message)).toHaveLength(0);
  });

  it("stopped before the model's first word, ends at once with nothing kept", async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    const message = 'Can we look at how I plan my mornings?';
    expect(hasRiskCue(message)).toBe(false);
    h.fake.queue.push({ kind: 'stream', pieces: ['Late.'], firstDelayMs: 800 });
    const started = performance.now();
    const events = [];
    for await (const event of sseEvents(await send(userId, message))) {
      if (events.length === 0) {
        const stopped = await h.call(
          'POST',
          '/api/v1/chat/stop',
          { session_id: sessionOf([event]) },
          { userId },
        );
        expect(await stopped.json()).toEqual({ stopped: true });
      }
      events.push(event);
    }
    expect(performance.now() - started).toBeLessThan(700);
    expect(replyText(events)).toBe('');
    expect(events.at(-1)?.data).toBe('[DONE]');
  });

  it('flagged by the rules gets the crisis answer without asking the model at all', async () => {
    const userId = randomUUID();
    await h.subscribe(userId);
    const events = await readSse(await send(userId, 'I want to die.'));
    expect(replyText(events)).toBe(crisisReply('suicidal_thoughts', 'en'));
    expect(checkCallsFor('I want to die.')).toHaveLength(0);
    expect(replyCallFor('I want to die.')).toBeUndefined();
  });
});

describe('with the offline coach', () => {
  it('has no model check (no model to ask): the rules alone decide', async () => {
    const offline = await startChatHarness();
    try {
      expect(offline.chat.coach.kind).toBe('offline');
      expect(offline.chat.crisisCheck).toBeNull();
      expect(h.chat.crisisCheck).not.toBeNull();
    } finally {
      await offline.stop();
    }
  }, 180_000);
});
