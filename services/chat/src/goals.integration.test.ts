import { randomUUID } from 'node:crypto';
import {
  Goal,
  GoalList,
  goalTitleAad,
  reflectionSummaryAad,
  WeeklySummary,
} from '@innerview/contracts/goals';
import { openPayload, parseKeyRing } from '@innerview/crypto';
import { USER_ID_HEADER } from '@innerview/kit';
import { INTERNAL_EXPORT_PATH } from '@innerview/kit/internal';
import { eventually } from '@innerview/kit/testing/eventually';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sweepDueCheckins } from './actions/checkins.ts';
import { sweepReflections } from './actions/reflections.ts';
import type { ChatHarness } from './testing/chat-harness.ts';
import { useIntegrationRun } from './testing/integration-setup.ts';
import { readSse, replyText } from './testing/sse-client.ts';

// docs/product.md#goals over real HTTP on PostgreSQL and the Redis bus: the calls, their checks,
// ownership, the check-in sweep with a moved clock, the coach's check-in opening, export, erasure.
const DAY = 86_400_000;
let h: ChatHarness;
let sql: pg.Client;
useIntegrationRun(
  (harness, client) => {
    h = harness;
    sql = client;
  },
  { env: { CHAT_CHECKIN_SWEEP_MS: '50' } },
);

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Answer = { status: number; body: any };

async function call(method: string, path: string, userId: string, body?: unknown): Promise<Answer> {
  const response = await h.call(method, path, body, { userId });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('the goals calls', () => {
  it('sets, lists, changes (with progress notes), completes and deletes a goal', async () => {
    const me = randomUUID();
    const created = await call('POST', '/api/v1/goals/', me, {
      title: '  Run 5 km by June ',
      checkin: 'daily',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      title: 'Run 5 km by June',
      checkin: 'daily',
      next_checkin_at: new Date(h.clock.now().getTime() + DAY).toISOString(),
      status: 'active',
      notes: [],
      created_at: h.clock.now().toISOString(),
    });
    const id = created.body.id;
    const weekly = await call('POST', '/api/v1/goals/', me, { title: 'Read more' });
    expect(weekly.body.checkin).toBe('weekly');

    const noted = await call('PATCH', `/api/v1/goals/${id}`, me, { note: 'Ran 2 km today' });
    expect(noted.status).toBe(200);
    h.clock.advance(60_000);
    const again = await call('PATCH', `/api/v1/goals/${id}`, me, { note: 'Ran 3 km', title: 'Run 5 km' });
    expect(again.body.title).toBe('Run 5 km');
    expect(again.body.notes.map((n: { text: string }) => n.text)).toEqual(['Ran 2 km today', 'Ran 3 km']);

    const done = await call('PATCH', `/api/v1/goals/${id}`, me, { status: 'done' });
    expect(done.body).toMatchObject({ status: 'done', next_checkin_at: null });
    const list = await call('GET', '/api/v1/goals/', me);
    // The body is the contracts' schema (the api-client's type is inferred from it), field for field.
    GoalList.strict().parse(list.body);
    const goals = (list.body.goals as unknown[]).map((goal) => Goal.strict().parse(goal));
    expect(goals.map((g) => [g.title, g.status])).toEqual([
      ['Run 5 km', 'done'],
      ['Read more', 'active'],
    ]);

    expect((await call('DELETE', `/api/v1/goals/${id}`, me)).status).toBe(204);
    expect((await call('GET', '/api/v1/goals/', me)).body.goals).toHaveLength(1);
    // Title and notes never rest in clear.
    const rows = await sql.query('select row_to_json(g)::text as row from goals g where user_id = $1', [me]);
    expect(rows.rows.map((r) => r.row).join('')).not.toContain('Read more');
  });

  it('checks every field: a 422 in the error shape', async () => {
    const me = randomUUID();
    for (const body of [
      {},
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', checkin: 'monthly' },
      { title: 'ok', extra: 1 },
    ]) {
      const answer = await call('POST', '/api/v1/goals/', me, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(Array) });
    }
    const { body: goal } = await call('POST', '/api/v1/goals/', me, { title: 'Sleep by 11' });
    for (const body of [{}, { note: '' }, { note: 'x'.repeat(1001) }, { status: 'paused' }]) {
      const answer = await call('PATCH', `/api/v1/goals/${goal.id}`, me, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call('PATCH', `/api/v1/goals/${goal.id}`, me, { note: 'x'.repeat(1000) })).status).toBe(
      200,
    );
  });

  it("answers 404 for another person's goal and for a goal that does not exist", async () => {
    const me = randomUUID();
    const other = randomUUID();
    const { body: goal } = await call('POST', '/api/v1/goals/', me, { title: 'Mine' });
    for (const [method, body] of [
      ['PATCH', { status: 'dropped' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/api/v1/goals/${goal.id}`, other, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
    }
    expect((await call('DELETE', '/api/v1/goals/not-a-uuid', me)).status).toBe(404);
    expect((await call('GET', '/api/v1/goals/', other)).body.goals).toEqual([]);
    expect((await call('GET', '/api/v1/goals/', me)).body.goals[0].status).toBe('active');
  });

  it('keeps at most 20 active goals', async () => {
    const me = randomUUID();
    for (let i = 0; i < 20; i++)
      expect((await call('POST', '/api/v1/goals/', me, { title: `Goal ${i}` })).status).toBe(201);
    const refused = await call('POST', '/api/v1/goals/', me, { title: 'One more' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', detail: expect.stringContaining('20') });
    const first = (await call('GET', '/api/v1/goals/', me)).body.goals[0];
    await call('PATCH', `/api/v1/goals/${first.id}`, me, { status: 'dropped' });
    expect((await call('POST', '/api/v1/goals/', me, { title: 'One more' })).status).toBe(201);
  });
});

describe('check-ins', () => {
  it('publishes one sealed check-in when the time has come, moves the date on, and the next new chat opens with it once', async () => {
    const me = randomUUID();
    await h.publish('auth.settings.changed', { userId: me, language: 'it', theme: 'light' });
    await eventually(
      async () =>
        (await sql.query('select 1 from coach_profiles where user_id = $1 and language = $2', [me, 'it']))
          .rowCount === 1,
    );
    const { body: goal } = await call('POST', '/api/v1/goals/', me, {
      title: 'Correre 5 km',
      checkin: 'weekly',
    });
    const due = Date.parse(goal.next_checkin_at);
    // Nothing due yet: no event, and a new chat opens with the greeting instead (204).
    expect(await sweepDueCheckins(h.chat)).toBe(0);
    expect((await call('POST', '/api/v1/chat-sessions/opening', me)).status).toBe(204);

    h.clock.set(new Date(due + 60_000).toISOString());
    const event = await h.waitForEvent('chat.goal.checkin_due', (e) => e.data.goalId === goal.id);
    expect(event.data).toMatchObject({ userId: me, goalId: goal.id, language: 'it', checkin: 'weekly' });
    expect(JSON.stringify(event)).not.toContain('Correre');
    const keys = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: h.chat.service.config.EVENT_PAYLOAD_KEY! });
    expect(openPayload(keys, event.data.sealedTitle, goalTitleAad(me, goal.id))).toBe('Correre 5 km');
    const moved = (await call('GET', '/api/v1/goals/', me)).body.goals[0];
    expect(moved.next_checkin_at).toBe(new Date(due + 7 * DAY).toISOString());
    // Later sweeps at the same time publish nothing more.
    expect(await sweepDueCheckins(h.chat)).toBe(0);
    expect(h.eventsOf('chat.goal.checkin_due').filter((e) => e.data.goalId === goal.id)).toHaveLength(1);

    const opened = await call('POST', '/api/v1/chat-sessions/opening', me);
    expect(opened.status).toBe(201);
    expect(opened.body).toEqual({ session_id: expect.any(String), opening: 'checkin', goal_id: goal.id });
    const transcript = await call('GET', `/api/v1/chat-sessions/${opened.body.session_id}/transcript`, me);
    expect(transcript.body).toEqual([
      expect.objectContaining({
        role: 'assistant',
        content: 'La settimana scorsa volevi lavorare su «Correre 5 km». Com’è andata?',
      }),
    ]);
    // Asked once: the next new chat is an ordinary one.
    expect((await call('POST', '/api/v1/chat-sessions/opening', me)).status).toBe(204);
    // The person answers in that chat; the coach replies there.
    await h.subscribe(me, 'monthly');
    const response = await h.call(
      'POST',
      '/api/v1/chat/stream',
      { message: 'Ho corso due volte, 3 km ciascuna.', session_id: opened.body.session_id },
      { userId: me },
    );
    expect(response.status).toBe(200);
    expect(replyText(await readSse(response)).length).toBeGreaterThan(0);
  });

  it('sends nothing for a goal completed, dropped or without rhythm', async () => {
    const me = randomUUID();
    const ids: string[] = [];
    for (const [title, checkin] of [
      ['A', 'daily'],
      ['B', 'daily'],
      ['C', 'none'],
    ] as const)
      ids.push((await call('POST', '/api/v1/goals/', me, { title, checkin })).body.id);
    await call('PATCH', `/api/v1/goals/${ids[0]}`, me, { status: 'done' });
    await call('PATCH', `/api/v1/goals/${ids[1]}`, me, { status: 'dropped' });
    h.clock.advance(3 * DAY);
    await sweepDueCheckins(h.chat);
    expect(h.eventsOf('chat.goal.checkin_due').filter((e) => e.data.userId === me)).toEqual([]);
  });
});

describe('the weekly reflection', () => {
  it('is off by default; on, a week later one sealed summary of themes and goals without message text', async () => {
    const me = randomUUID();
    const quiet = randomUUID();
    expect((await call('GET', '/api/v1/goals/settings', me)).body).toEqual({ weekly_reflection: false });
    expect((await call('PUT', '/api/v1/goals/settings', me, { weekly_reflection: 'yes' })).status).toBe(422);
    expect((await call('PUT', '/api/v1/goals/settings', me, { weekly_reflection: true })).body).toEqual({
      weekly_reflection: true,
    });
    await h.subscribe(me, 'monthly');
    const { body: goal } = await call('POST', '/api/v1/goals/', me, {
      title: 'Sleep by eleven',
      checkin: 'none',
    });
    await call('PATCH', `/api/v1/goals/${goal.id}`, me, { note: 'Three nights out of five' });
    for (const message of [
      'My boss keeps piling work on my desk at the office.',
      'Work again: my job and my colleague.',
    ]) {
      const response = await h.call(
        'POST',
        '/api/v1/chat/stream',
        { message, session_id: null },
        { userId: me },
      );
      await readSse(response);
    }
    await h.call('PUT', '/api/v1/goals/settings', { weekly_reflection: false }, { userId: quiet });

    expect(await sweepReflections(h.chat)).toBe(0);
    h.clock.advance(7 * DAY + 60_000);
    const event = await h.waitForEvent('chat.reflection.weekly_due', (e) => e.data.userId === me);
    expect(JSON.stringify(event)).not.toMatch(/boss|Sleep|desk/);
    const keys = parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: h.chat.service.config.EVENT_PAYLOAD_KEY! });
    const summary = WeeklySummary.parse(
      JSON.parse(openPayload(keys, event.data.sealedSummary, reflectionSummaryAad(me))),
    );
    expect(summary).toEqual({
      conversations: 2,
      messages: 2,
      themes: ['work'],
      goals: [{ title: 'Sleep by eleven', status: 'active', notes: 1 }],
    });
    expect(JSON.stringify(summary)).not.toContain('boss');
    expect(await sweepReflections(h.chat)).toBe(0);
    expect(h.eventsOf('chat.reflection.weekly_due').map((e) => e.data.userId)).toEqual([me]);
  });
});

describe('export and erasure', () => {
  it('exports the goals decrypted and erases them (and the reflection setting) with the account', async () => {
    const me = randomUUID();
    const { body: goal } = await call('POST', '/api/v1/goals/', me, { title: 'Learn Spanish' });
    await call('PATCH', `/api/v1/goals/${goal.id}`, me, { note: 'Ten words a day' });
    const response = await signedFetch(
      { current: testSigningKey },
      `${h.service.url}${INTERNAL_EXPORT_PATH}`,
      {
        headers: { [USER_ID_HEADER]: me },
        caller: 'auth',
      },
    );
    const exported = await response.json();
    expect(exported.goals).toEqual([
      expect.objectContaining({
        title: 'Learn Spanish',
        notes: [expect.objectContaining({ text: 'Ten words a day' })],
      }),
    ]);
    await call('PUT', '/api/v1/goals/settings', me, { weekly_reflection: true });
    await h.publish('auth.user.erased', { userId: me });
    await eventually(
      async () => (await sql.query('select 1 from goals where user_id = $1', [me])).rowCount === 0,
    );
    expect((await sql.query('select 1 from reflection_settings where user_id = $1', [me])).rowCount).toBe(0);
  });
});
