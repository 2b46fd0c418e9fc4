import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createUserCrypto,
  DataKeyDestroyedError,
  generateKeyText,
  loadOrCreateMasterKey,
} from '@innerview/crypto';
import {
  createEventBus,
  createLogger,
  type EventBus,
  ManualClock,
  type RunningService,
  startService,
  USER_ID_HEADER,
} from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { createTestDatabase, redisUrl } from '@innerview/kit/testing/postgres';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import { RedisRevocationStore } from '@innerview/kit/tokens/index';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidPair } from '../../../infra/docker/vapid-pair.ts';
import { readMailbox } from '../../notifications/src/adapters/mail/mailbox.ts';
import { notificationsService } from '../../notifications/src/app.ts';
import { createQuestionnaireService } from '../../questionnaire/src/app.ts';
import { dataKeys } from '../../questionnaire/src/db/schema.ts';
import { createAuthRateLimiter } from './adapters/security/rate-limiter.ts';
import { ERASURE_JOB } from './jobs/index.ts';
import { type AuthHarness, startAuthHarness } from './testing/auth-harness.ts';

const vapid = vapidPair();

// The account area's server side on the real PostgreSQL and Redis, as deployed: auth, questionnaire
// and notifications each on its own database, their events on Redis Streams, revocations in Redis.
// Billing, chat and files are stood in for by what the export must survive: a service that is not
// configured, one that does not answer, one without the export call yet.
const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock('2026-05-01T10:00:00.000Z');
const prefix = `test:${randomUUID()}`;
const masterKey = generateKeyText(1);
const silent = (name: string) => createLogger({ name, level: 'silent' });

const revocations = new RedisRevocationStore({ url: redisUrl(), prefix: `${prefix}:revoked:`, clock });
const gatewayRevocations = new RedisRevocationStore({ url: redisUrl(), prefix: `${prefix}:revoked:`, clock });
const rateLimiter = createAuthRateLimiter({ redisUrl: redisUrl(), prefix: `${prefix}:rate` });

type Database = { url: string; drop(): Promise<void> };
const databases: Record<'auth' | 'questionnaire' | 'notifications', Database> = {} as never;
const sql: Record<keyof typeof databases, pg.Client> = {} as never;
let bus: EventBus;
let questionnaire: RunningService;
let notifications: RunningService;
let withoutExport: Server;
let h: AuthHarness;
const notificationsDir = mkdtempSync(path.join(tmpdir(), 'iv-account-data-'));

// Auth seals link tokens, notifications opens them: one shared key.
const eventPayloadKey = generateKeyText(1);

beforeAll(async () => {
  for (const name of ['auth', 'questionnaire', 'notifications'] as const) {
    databases[name] = await createTestDatabase(`iv_${name}`);
    sql[name] = new pg.Client({ connectionString: databases[name].url });
    await sql[name].connect();
  }
  bus = await createEventBus({ kind: 'redis', redisUrl: redisUrl(), prefix });
  questionnaire = await startService(createQuestionnaireService(), {
    env: {
      DATABASE_URL: databases.questionnaire.url,
      JOBS: 'memory',
      MASTER_KEY: masterKey,
      EVENT_PAYLOAD_KEY: generateKeyText(1),
      INTERNAL_SIGNING_KEY: testSigningKey,
    },
    bus,
    clock,
    logger: silent('questionnaire'),
  });
  notifications = await startService(notificationsService, {
    env: {
      DATABASE_URL: databases.notifications.url,
      JOBS: 'memory',
      DATA_DIR: notificationsDir,
      MAIL_TRANSPORT: 'file',
      MAIL_RETRY_BACKOFF_MS: '50',
      EVENT_PAYLOAD_KEY: eventPayloadKey,
      INTERNAL_SIGNING_KEY: testSigningKey,
      // Required with PostgreSQL since reminders may go by push (ADR 59).
      MASTER_KEY: generateKeyText(1),
      ...vapid,
      VAPID_SUBJECT: 'mailto:support@innerview.ch',
    },
    bus,
    clock,
    logger: silent('notifications'),
  });
  // A service that answers, but has no export call yet.
  withoutExport = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
  });
  await new Promise<void>((resolve) => withoutExport.listen(0, '127.0.0.1', resolve));
  const { port } = withoutExport.address() as { port: number };
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  h = await startAuthHarness({
    env: {
      DATABASE_URL: databases.auth.url,
      AUTH_PRIVATE_JWK: JSON.stringify(await exportJWK(pair.privateKey)),
      JOBS: 'memory',
      EVENT_PAYLOAD_KEY: eventPayloadKey,
      QUESTIONNAIRE_URL: questionnaire.url,
      NOTIFICATIONS_URL: notifications.url,
      FILES_URL: `http://127.0.0.1:${port}`,
      // Nothing listens on the discard port: a service that is down.
      CHAT_URL: 'http://127.0.0.1:9',
    },
    revocations,
    gatewayRevocations,
    rateLimiter,
    clock,
    bus,
  });
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await questionnaire?.stop();
  await notifications?.stop();
  await bus?.close();
  await new Promise((resolve) => withoutExport?.close(resolve));
  await Promise.all([revocations.close(), gatewayRevocations.close(), rateLimiter.close()]);
  const redis = new Redis(redisUrl());
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  for (const name of Object.keys(databases) as Array<keyof typeof databases>) {
    await sql[name]?.end();
    await databases[name]?.drop();
  }
  rmSync(notificationsDir, { recursive: true, force: true });
}, 60_000);

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

const count = async (db: keyof typeof databases, query: string, params: unknown[]) =>
  Number((await sql[db].query(query, params)).rows[0].n);

async function answer(userId: string, step: number, text: string): Promise<void> {
  const response = await signedFetch(questionnaire, `${questionnaire.url}/api/v1/answers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [USER_ID_HEADER]: userId },
    body: JSON.stringify({ question_key: `question_${step}`, answer_text: text }),
  });
  expect(response.status).toBe(200);
}

/** The verification mail of the sign-up has been sent and logged by notifications. */
const verificationMailLogged = (userId: string) =>
  eventually(
    async () =>
      (await count(
        'notifications',
        "select count(*) as n from sent_mail where user_id = $1 and status = 'sent'",
        [userId],
      )) > 0,
    { timeoutMs: 15_000, what: 'the verification mail sent' },
  );

/** Every row of every table of one database, as text. */
async function wholeDatabase(db: keyof typeof databases): Promise<Array<{ table: string; row: string }>> {
  const tables = await sql[db].query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public'",
  );
  const rows: Array<{ table: string; row: string }> = [];
  for (const { table_name } of tables.rows) {
    const result = await sql[db].query(`select row_to_json(t)::text as row from "${table_name}" t`);
    for (const r of result.rows) rows.push({ table: table_name, row: r.row });
  }
  return rows;
}

describe('profile', () => {
  it('saves edited names (trimmed), refuses bad ones with the field named, and shows them on the next read', async () => {
    const me = await h.signedIn();
    const updated = await json(
      await h.call('PATCH', '/api/v1/users/me', { first_name: '  Augusta ', last_name: 'King' }, me.headers),
    );
    expect(updated).toMatchObject({ status: 200, body: { first_name: 'Augusta', last_name: 'King' } });

    const tooShort = await json(await h.call('PATCH', '/api/v1/users/me', { first_name: 'A' }, me.headers));
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.detail[0].loc).toEqual(['body', 'first_name']);
    // The address is not editable here: an unknown field is refused, not ignored.
    const address = await h.call('PATCH', '/api/v1/users/me', { email: 'new@example.com' }, me.headers);
    expect(address.status).toBe(422);

    const read = await json(await h.call('GET', '/api/v1/users/me', undefined, me.headers));
    expect(read.body).toMatchObject({ first_name: 'Augusta', last_name: 'King', email: me.email });
  });
});

describe('settings', () => {
  it('keeps language and theme and gives them back at the next login, on another device', async () => {
    const me = await h.signedIn();
    const saved = await json(
      await h.call('PUT', '/api/v1/settings/me', { language: 'de-CH', theme: 'dark' }, me.headers),
    );
    expect(saved).toEqual({ status: 200, body: { language: 'de', theme: 'dark' } });
    expect((await json(await h.call('GET', '/api/v1/settings/me', undefined, me.headers))).body).toEqual({
      language: 'de',
      theme: 'dark',
    });
    expect((await h.call('PUT', '/api/v1/settings/me', { theme: 'blue' }, me.headers)).status).toBe(422);

    await h.post('/api/v1/login/logout', undefined, me.headers);
    const again = await json(await h.login(me.email, me.password));
    const headers = await h.asGateway(again.body.access_token);
    expect(headers).not.toBeNull();
    // The session check the shell runs at session start carries them (docs/product.md#session-lifetime-and-sign-out).
    const session = await json(await h.post('/api/v1/login/test-token', undefined, headers!));
    expect(session.body).toMatchObject({ language: 'de', theme: 'dark' });
  });
});

describe('account deletion', () => {
  it('revokes every session at once, refuses login and tells billing through auth.user.deleted', async () => {
    const me = await h.signedIn();
    const phone = (await json(await h.login(me.email, me.password))).body.access_token as string;

    const deleted = await json(
      await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers),
    );
    expect(deleted.status).toBe(200);
    expect(await h.asGateway(me.token)).toBeNull();
    expect(await h.asGateway(phone)).toBeNull();

    const owner = await json(await h.login(me.email, me.password));
    expect(owner).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DELETED' } });
    expect((await h.login(me.email, 'Wrong-password1')).status).toBe(401);

    // On the Redis bus, where billing's consumer cancels the plan at its period end.
    const event = await h.waitForEvent('auth.user.deleted', (e) => e.data.userId === me.userId, 15_000);
    expect(event.data.eraseAfter).toBe(new Date(clock.now().getTime() + 90 * DAY).toISOString());
  });
});

describe('data export', () => {
  it('gathers auth, questionnaire and notifications, and marks the services it could not reach', async () => {
    const me = await h.signedIn({ first_name: 'Mary', last_name: 'Somerville' });
    await answer(me.userId, 1, 'Curious and calm.');
    await answer(me.userId, 3, '   ');
    await verificationMailLogged(me.userId);
    const other = await h.signedIn();
    await answer(other.userId, 1, 'Not Mary’s answer');

    const response = await h.call('GET', '/api/v1/users/me/export', undefined, me.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="innerview-export-${clock.now().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const file = await response.json();
    expect(file.innerview_export).toMatchObject({ version: 1, user_id: me.userId });

    const { auth, questionnaire: answers, notifications: mails, billing, chat, files } = file.sections;
    expect(auth.status).toBe('included');
    expect(auth.data.profile).toMatchObject({
      id: me.userId,
      email: me.email,
      first_name: 'Mary',
      last_name: 'Somerville',
      date_of_birth: '1990-12-10',
    });
    expect(auth.data.consents).toEqual([
      expect.objectContaining({ sensitive_data_consent: true, terms_version: expect.any(String) }),
    ]);
    expect(auth.data.settings).toEqual({ language: 'en', theme: 'system' });
    expect(JSON.stringify(auth)).not.toMatch(/password|hash/i);

    expect(answers.status).toBe('included');
    expect(answers.data.questionnaire.status).toBe('in_progress');
    expect(
      answers.data.answers.map((a: { step: number; answer_text: string; state: string }) => [
        a.step,
        a.answer_text,
        a.state,
      ]),
    ).toEqual([
      [1, 'Curious and calm.', 'answered'],
      [3, '', 'skipped'],
    ]);
    expect(answers.data.answers[0].step_title).toBe('Me today');
    expect(JSON.stringify(file)).not.toContain('Not Mary’s answer');

    expect(mails.status).toBe('included');
    expect(mails.data.mails).toEqual([
      expect.objectContaining({ template: 'verification', language: 'en', status: 'sent' }),
    ]);
    // The address notifications keeps for reminders (ADR 62) is the person's data: it is exported.
    expect(mails.data.recipient).toMatchObject({ email: me.email });

    expect(billing).toEqual({ status: 'unavailable', reason: 'not_configured' });
    expect(chat).toEqual({ status: 'unavailable', reason: 'no_answer' });
    expect(files).toEqual({ status: 'unavailable', reason: 'not_supported' });
  });

  it('is refused without a valid session', async () => {
    const me = await h.signedIn();
    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);
    expect(await h.asGateway(me.token)).toBeNull();
    // Even a call that slipped past the gateway finds no live account.
    expect((await h.call('GET', '/api/v1/users/me/export', undefined, me.headers)).status).toBe(401);
  });
});

describe('the 90-day erasure', () => {
  it('mails the confirmation first, then leaves no row of the person in any service and destroys the key', async () => {
    const me = await h.signedIn({ first_name: 'Émilie', language: 'fr' });
    await answer(me.userId, 2, 'Une enfance à Paris.');
    await verificationMailLogged(me.userId);
    const copied = (
      await sql.questionnaire.query('select answer_ciphertext from answers where user_id = $1', [me.userId])
    ).rows[0].answer_ciphertext as string;

    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);

    // Day 90: the confirmation mail, in the person's language, while the address still exists.
    clock.advance(90 * DAY);
    await h.service.ctx.jobs.add(ERASURE_JOB, {}, { jobId: `erasure-${randomUUID()}` });
    const [mail] = await eventually(
      async () => {
        const found = await readMailbox(path.join(notificationsDir, 'mail'), { limit: 50, to: me.email });
        return found.some((m) => m.subject.includes('effacement')) ? found : undefined;
      },
      { timeoutMs: 15_000, what: 'the erasure notice mail' },
    );
    expect(mail!.subject).toBe('Votre compte Innerview est en cours d’effacement définitif');
    expect(mail!.text).toContain('Bonjour Émilie');
    expect(await count('auth', 'select count(*) as n from users where id = $1', [me.userId])).toBe(1);
    expect(
      await count('questionnaire', 'select count(*) as n from answers where user_id = $1', [me.userId]),
    ).toBe(1);

    // A day later: the erasure, in every service.
    clock.advance(DAY);
    await h.service.ctx.jobs.add(ERASURE_JOB, {}, { jobId: `erasure-${randomUUID()}` });
    await h.waitForEvent('auth.user.erased', (e) => e.data.userId === me.userId, 15_000);
    await eventually(
      async () =>
        (await count('questionnaire', 'select count(*) as n from answers where user_id = $1', [
          me.userId,
        ])) === 0 &&
        (await count('notifications', 'select count(*) as n from sent_mail where user_id = $1', [
          me.userId,
        ])) === 0,
      { timeoutMs: 15_000, what: 'answers and mails erased' },
    );

    const id = me.userId;
    for (const table of ['users', 'consents', 'sessions', 'one_time_tokens'])
      expect(
        await count(
          'auth',
          `select count(*) as n from ${table} where ${table === 'users' ? 'id' : 'user_id'} = $1`,
          [id],
        ),
        table,
      ).toBe(0);
    expect(
      await count('questionnaire', 'select count(*) as n from questionnaires where user_id = $1', [id]),
    ).toBe(0);

    // Nothing of the person is left anywhere: not the address, not the name, not the answer; the id
    // only in the erasure event itself and in the data key's tombstone (no key in it).
    for (const db of ['auth', 'questionnaire', 'notifications'] as const) {
      const rows = await wholeDatabase(db);
      for (const { table, row } of rows) {
        expect(row, `${db}.${table}`).not.toContain(me.email);
        expect(row, `${db}.${table}`).not.toContain('Émilie');
        expect(row, `${db}.${table}`).not.toContain(copied);
        if (row.includes(id)) {
          const allowed =
            (db === 'auth' && table === 'kit_outbox' && row.includes('"auth.user.erased"')) ||
            // A destroyed key's tombstone (no key left), in every service that keeps keys.
            (table === 'data_keys' && row.includes('"wrapped_key":null'));
          expect(allowed, `${db}.${table} keeps ${row}`).toBe(true);
        }
      }
    }
    const key = await sql.questionnaire.query(
      'select wrapped_key, destroyed_at from data_keys where user_id = $1',
      [id],
    );
    expect(key.rows).toEqual([{ wrapped_key: null, destroyed_at: expect.any(Date) }]);

    // A copy of the ciphertext taken before (a backup, a replica) can no longer be read.
    const questionnaireDb = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: databases.questionnaire.url, max: 1 });
    try {
      const crypto = createUserCrypto({
        db: questionnaireDb.drizzle(pool) as never,
        table: dataKeys,
        masterKeys: loadOrCreateMasterKey({ value: masterKey }),
      });
      await expect(crypto.decryptForUser(id, copied, 'answers.question_2')).rejects.toBeInstanceOf(
        DataKeyDestroyedError,
      );
    } finally {
      await pool.end();
    }

    // The address is free again: a new sign-up with it is a new account.
    expect((await h.login(me.email, me.password)).status).toBe(401);
    expect((await h.post('/api/v1/users/signup', h.signupBody({ email: me.email }))).status).toBe(201);
    const fresh = await h.waitForEvent(
      'auth.user.registered',
      (e) => e.data.email === me.email && e.data.userId !== id,
      15_000,
    );
    expect(fresh.data.userId).not.toBe(id);
  });
});
