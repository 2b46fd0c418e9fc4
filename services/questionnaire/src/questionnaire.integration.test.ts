import { randomUUID } from 'node:crypto';
import { answersSnapshotAad, QuestionnaireAnswersSnapshot } from '@innerview/contracts';
import { generateKeyText, openPayload } from '@innerview/crypto';
import { createEvent, ManualClock, startService } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { testSigningKey } from '@innerview/kit/testing/signed-calls';
import { useStoredCopy } from '@innerview/kit/testing/stored-copy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionnaireService } from './app.ts';
import { type QuestionnaireHarness, startQuestionnaireHarness } from './testing/harness.ts';

// The questionnaire service on the real PostgreSQL, its events on Redis Streams, as in a
// distributed deployment. The tables and the streams are then read directly, as an attacker with a
// copy of them (or a backup) would.
const masterV1 = generateKeyText(1);
const masterV2 = generateKeyText(2);
const payloadKey = generateKeyText(1);
const stored = useStoredCopy('iv_questionnaire');
const clock = new ManualClock('2026-05-01T10:00:00.000Z');

let h: QuestionnaireHarness;

const env = (master: string, previous?: string) => ({
  DATABASE_URL: stored.url,
  JOBS: 'memory',
  MASTER_KEY: master,
  ...(previous ? { MASTER_KEYS_PREVIOUS: previous } : {}),
  EVENT_PAYLOAD_KEY: payloadKey,
  INTERNAL_SIGNING_KEY: testSigningKey,
});

beforeAll(async () => {
  h = await startQuestionnaireHarness({ env: env(masterV1), bus: stored.bus, clock });
});
// The test of key rotation restarts the service: the one running at the end is stopped.
afterAll(async () => {
  await h?.stop();
});

const save = (userId: string, step: number, answerText: string) =>
  h.call('POST', '/api/v1/answers/', {
    userId,
    body: { question_key: `question_${step}`, answer_text: answerText },
  });
const answersOf = async (userId: string) => (await h.call('GET', '/api/v1/answers/', { userId })).body;

describe('questionnaire on PostgreSQL and Redis', () => {
  it('saves and edits answers, submits, and is read-only afterwards', async () => {
    const me = randomUUID();
    expect((await save(me, 1, '  I am starting something new. ')).status).toBe(200);
    expect((await save(me, 2, 'A small town by a river.')).status).toBe(200);
    expect((await save(me, 1, 'I am starting a new job.')).status).toBe(200);
    expect(await answersOf(me)).toMatchObject([
      { question_key: 'question_1', answer_text: 'I am starting a new job.', state: 'answered' },
      { question_key: 'question_2', answer_text: 'A small town by a river.', state: 'answered' },
    ]);
    const progress = await h.call('GET', '/api/v1/questionnaire/status', { userId: me });
    expect(progress.body).toMatchObject({ status: 'in_progress', next_step: 3, complete: false });

    const submitted = await h.call('POST', '/api/v1/questionnaire/submit', { userId: me });
    expect(submitted.body).toMatchObject({
      status: 'submitted',
      submitted_at: clock.now().toISOString(),
      skipped_steps: [3, 4, 5, 6, 7, 8],
    });
    expect(await save(me, 2, 'Changed my mind.')).toMatchObject({
      status: 409,
      body: { code: 'QUESTIONNAIRE_SUBMITTED' },
    });
    expect((await answersOf(me))[1].answer_text).toBe('A small town by a river.');
    const event = await h.waitForEvent('questionnaire.submitted', (e) => e.data.userId === me);
    expect(event.data.skippedSteps).toEqual([3, 4, 5, 6, 7, 8]);
    const snapshot = await h.waitForEvent(
      'questionnaire.answers.changed',
      (e) => e.data.userId === me && e.data.submitted,
    );
    expect(
      QuestionnaireAnswersSnapshot.parse(
        JSON.parse(openPayload(h.eventPayloadKeys, snapshot.data.sealedAnswers, answersSnapshotAad(me))),
      ).answers,
    ).toEqual([
      { questionKey: 'question_1', answerText: 'I am starting a new job.' },
      { questionKey: 'question_2', answerText: 'A small town by a river.' },
    ]);
  });

  it('never lets a write slip past a concurrent submission', async () => {
    const me = randomUUID();
    await save(me, 1, 'first');
    const writes = Array.from({ length: 12 }, (_, i) => save(me, (i % 8) + 1, `write ${i}`));
    const submission = h.call('POST', '/api/v1/questionnaire/submit', { userId: me });
    const results = await Promise.all(writes);
    const { body: submitted } = await submission;
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    // What the person sees now is exactly what was there at submission.
    const final = await answersOf(me);
    expect(
      final
        .filter((a: { state: string }) => a.state === 'answered')
        .map((a: { question_key: string }) => Number(a.question_key.slice(9))),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8].filter((s) => !submitted.skipped_steps.includes(s)));
    // A write that slipped past the submission would differ from the answers it sealed for chat.
    const sealed = await h.waitForEvent(
      'questionnaire.answers.changed',
      (e) => e.data.userId === me && e.data.submitted,
    );
    const snapshot = QuestionnaireAnswersSnapshot.parse(
      JSON.parse(openPayload(h.eventPayloadKeys, sealed.data.sealedAnswers, answersSnapshotAad(me))),
    );
    expect(
      final.map((a: { question_key: string; answer_text: string }) => ({
        questionKey: a.question_key,
        answerText: a.answer_text,
      })),
    ).toEqual(snapshot.answers);
    expect(
      results.filter((r) => r.status === 409).length + results.filter((r) => r.status === 200).length,
    ).toBe(12);
  });

  it('shows nobody the answers of another person', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    await save(alice, 3, 'Alice: my sister and my oldest friend.');
    await save(bob, 3, 'Bob: my team at work.');
    expect((await answersOf(alice)).map((a: { answer_text: string }) => a.answer_text)).toEqual([
      'Alice: my sister and my oldest friend.',
    ]);
    expect((await answersOf(bob)).map((a: { answer_text: string }) => a.answer_text)).toEqual([
      'Bob: my team at work.',
    ]);
    await h.call('POST', '/api/v1/questionnaire/submit', { userId: alice });
    expect((await save(bob, 3, 'Bob can still edit.')).status).toBe(200);
  });

  it('keeps no answer in clear anywhere: tables, outbox, streams', async () => {
    const me = randomUUID();
    const secret = `The lighthouse keeper ${randomUUID()}`;
    await save(me, 6, secret);
    await save(me, 7, `${secret}, twice`);
    await h.waitForEvent(
      'questionnaire.answers.changed',
      (e) => e.data.userId === me && e.data.revision === 2,
    );
    const rows = await stored.sql.query('select * from answers where user_id = $1 order by step', [me]);
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(row.answer_ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(Buffer.from(row.answer_ciphertext.split('.')[2], 'base64url').toString('latin1')).not.toContain(
        'lighthouse',
      );
    }
    const key = await stored.sql.query('select * from data_keys where user_id = $1', [me]);
    expect(key.rows[0]).toMatchObject({ key_version: 1, destroyed_at: null });
    expect(await stored.wholeDatabase()).not.toContain('lighthouse');
    expect(await stored.wholeBus()).not.toContain('lighthouse');
    // The API itself still gives the owner their words back.
    expect((await answersOf(me))[0].answer_text).toBe(secret);
  });

  it('refuses a ciphertext copied to another person or another step', async () => {
    const alice = randomUUID();
    const mallory = randomUUID();
    await save(alice, 4, "Alice's private answer");
    await save(mallory, 4, 'placeholder');
    await save(mallory, 5, 'placeholder');
    const stolen = await stored.sql.query(
      'select answer_ciphertext from answers where user_id = $1 and step = 4',
      [alice],
    );
    await stored.sql.query('update answers set answer_ciphertext = $1 where user_id = $2 and step = 4', [
      stolen.rows[0].answer_ciphertext,
      mallory,
    ]);
    expect((await h.call('GET', '/api/v1/answers/', { userId: mallory })).status).toBe(500);
    const own = await stored.sql.query(
      'select answer_ciphertext from answers where user_id = $1 and step = 5',
      [mallory],
    );
    await stored.sql.query('update answers set answer_ciphertext = $1 where user_id = $2 and step = 4', [
      own.rows[0].answer_ciphertext,
      mallory,
    ]);
    expect((await h.call('GET', '/api/v1/answers/', { userId: mallory })).status).toBe(500);
    expect((await answersOf(alice))[0].answer_text).toBe("Alice's private answer");
  });

  it('erases on auth.user.erased: rows gone, key destroyed, a copy taken before is unreadable', async () => {
    const me = randomUUID();
    await save(me, 8, 'Something only I know.');
    const backup = await stored.sql.query('select answer_ciphertext from answers where user_id = $1', [me]);
    await stored.bus.publish([createEvent('auth.user.erased', me, { userId: me })]);
    await eventually(
      async () => (await stored.sql.query('select 1 from answers where user_id = $1', [me])).rowCount === 0,
      {
        timeoutMs: 10_000,
        what: 'answers erased',
      },
    );
    expect((await stored.sql.query('select 1 from questionnaires where user_id = $1', [me])).rowCount).toBe(
      0,
    );
    expect(
      (
        await stored.sql.query(
          "select 1 from kit_outbox where subject = $1 and type = 'questionnaire.answers.changed'",
          [me],
        )
      ).rowCount,
    ).toBe(0);
    const key = await stored.sql.query('select wrapped_key, destroyed_at from data_keys where user_id = $1', [
      me,
    ]);
    expect(key.rows[0].wrapped_key).toBeNull();
    expect(key.rows[0].destroyed_at).toBeInstanceOf(Date);
    // Restore the "backup" row: the service cannot read it any more.
    await stored.sql.query(
      'insert into answers (user_id, step, answer_ciphertext, answered, created_at, updated_at) values ($1, 8, $2, true, now(), now())',
      [me, backup.rows[0].answer_ciphertext],
    );
    expect((await h.call('GET', '/api/v1/answers/', { userId: me })).status).toBe(401);
  });

  it('rotates the master key across restarts: old answers stay readable, keys re-wrapped, old key retired', async () => {
    const me = randomUUID();
    await save(me, 1, 'Written under master key 1.');
    await h.stop();
    h = await startQuestionnaireHarness({ env: env(masterV2, masterV1), bus: stored.bus, clock });
    // Start-up re-wrapped every live key with version 2.
    const versions = await stored.sql.query(
      'select distinct key_version from data_keys where wrapped_key is not null',
    );
    expect(versions.rows).toEqual([{ key_version: 2 }]);
    expect((await answersOf(me))[0].answer_text).toBe('Written under master key 1.');
    await h.stop();
    h = await startQuestionnaireHarness({ env: env(masterV2), bus: stored.bus, clock });
    expect((await answersOf(me))[0].answer_text).toBe('Written under master key 1.');
    const newcomer = randomUUID();
    await save(newcomer, 1, 'Written under master key 2.');
    expect((await answersOf(newcomer))[0].answer_text).toBe('Written under master key 2.');
  });

  it('will not start on PostgreSQL without its keys', async () => {
    await expect(
      startService(createQuestionnaireService(), {
        env: { ...env(masterV2), MASTER_KEY: '', LOG_LEVEL: 'silent' },
        bus: stored.bus,
      }),
    ).rejects.toThrow('Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL');
    await expect(
      startService(createQuestionnaireService(), {
        env: { ...env(masterV2), EVENT_PAYLOAD_KEY: '', LOG_LEVEL: 'silent' },
        bus: stored.bus,
      }),
    ).rejects.toThrow('Invalid configuration: EVENT_PAYLOAD_KEY: required with a PostgreSQL DATABASE_URL');
    await expect(
      startService(createQuestionnaireService(), {
        env: { ...env('not-a-key'), LOG_LEVEL: 'silent' },
        bus: stored.bus,
      }),
    ).rejects.toThrow('Invalid configuration: MASTER_KEY: must be base64 of 32 random bytes');
  });
});
