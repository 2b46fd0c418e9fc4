import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock, PRUNE_JOB } from '@innerview/kit';
import { eventually as until } from '@innerview/kit/testing/eventually';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_JOB } from '../services/auth/src/jobs/index.ts';
import { SWEEP_JOB as BILLING_SWEEP } from '../services/billing/src/jobs/index.ts';
import { SWEEP_JOB as FILES_SWEEP } from '../services/files/src/actions/blob-sweep.ts';
import { type Embedded, startEmbedded } from './embedded.ts';

// Issue 9, the whole path of the 90-day erasure across the six services and the gateway, as
// `npm start` runs them (PGlite per service in a temporary DATA_DIR, one in-process bus), with one
// moved clock for every service: a person signs up, verifies, logs in, starts the trial, answers
// and submits the questionnaire, chats once and uploads a file into the chat; deletes the account;
// 91 days later the confirmation mail has been sent while the address existed, and no table of any
// service has a row naming them, no stored object of theirs is left, and login fails.
const DAY = 86_400_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-erasure-'));
// Starts at the real time: tokens are checked by the gateway against the real clock.
const clock = new ManualClock(new Date());
let product: Embedded;

const person = {
  first_name: 'Hypatia',
  last_name: 'Quennerstedt',
  email: `hypatia.${randomUUID().slice(0, 8)}@example.ch`,
  password: 'Analytical1',
};
const answerText = 'Mornings by the lake with my sister Ottilie.';
const chatText = 'I keep postponing the conversation with Ottilie.';
const fileName = 'ottilie-letter-draft.txt';

beforeAll(async () => {
  product = await startEmbedded({
    port: 0,
    dataDir,
    clock,
    env: {
      LOG_LEVEL: 'silent',
      OPENAI_API_KEY: '',
      OFFLINE_COACH_DELAY_MS: '0',
      MAIL_RETRY_BACKOFF_MS: '50',
    },
  });
  // Six PGlite databases start one after another: slower when the machine is busy.
}, 120_000);

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function api(
  route: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${product.url}${route}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

const eventually = <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000) =>
  until(check, { timeoutMs, what });

const logIn = (email: string, password: string) =>
  api('/api/v1/login/access-token', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }),
  });

type Mail = { subject: string; text: string; links: string[]; date?: string };
const mailsTo = async (email: string) =>
  (await (await api(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Mail[];

/** Every row of every table of one service's database, as JSON text. */
async function wholeDatabase(service: string): Promise<Array<{ table: string; row: string }>> {
  const db = product.services[service]!.ctx.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const rows: Array<{ table: string; row: string }> = [];
  for (const { table_name } of tables.rows) {
    const result = (await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
    )) as unknown as { rows: Array<{ row: string }> };
    for (const { row } of result.rows) rows.push({ table: table_name, row });
  }
  return rows;
}

const count = async (service: string, query: string) => {
  const result = (await product.services[service]!.ctx.db.execute(sql.raw(query))) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  return Number(result.rows[0]!.n);
};

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every folder and file under `dir` whose mode lets anyone but the owner in (issue 18). */
function openToOthers(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const stat = statSync(full);
    const mode = stat.mode & 0o777;
    const wrong = stat.isDirectory() ? mode !== 0o700 : mode !== 0o600;
    const here = wrong ? [`${path.relative(dataDir, full)} ${mode.toString(8)}`] : [];
    return stat.isDirectory() ? [...here, ...openToOthers(full)] : here;
  });
}

const runJob = (service: string, name: string) =>
  product.services[service]!.ctx.jobs.add(name, {}, { jobId: `${name}-${randomUUID()}` });

describe('the 90-day erasure, across every service', () => {
  it('mails the confirmation first, then no service keeps a row or a file of the person', async () => {
    // Sign up, verify through the link of the mail, log in.
    const signup = await api('/api/v1/users/signup', {
      method: 'POST',
      json: {
        ...person,
        date_of_birth: '1990-12-10',
        confirm_password: person.password,
        terms_accepted: true,
        privacy_accepted: true,
        language: 'en',
      },
    });
    expect(signup.status).toBe(201);
    const verification = await eventually('verification mail', async () => {
      const link = (await mailsTo(person.email))
        .flatMap((mail) => mail.links)
        .find((l) => l.includes('verification-success'));
      return link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
    });
    expect(
      (await api('/api/v1/users/verify', { method: 'POST', json: { token: verification } })).status,
    ).toBe(200);
    const login = await logIn(person.email, person.password);
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const me = (await (await api('/api/v1/users/me', { token })).json()) as { id: string };
    const userId = me.id;

    // The trial (billing learns of the account through an event first).
    await eventually('free trial', async () => {
      const response = await api('/api/v1/subscriptions/freemium/activate', { method: 'POST', token });
      return response.ok || response.status === 409 ? true : undefined;
    });

    // The questionnaire: one answer, the rest skipped, submitted (chat keeps a sealed copy).
    const answered = await api('/api/v1/answers/', {
      method: 'POST',
      token,
      json: { question_key: 'question_1', answer_text: answerText },
    });
    expect(answered.status).toBe(200);
    expect((await api('/api/v1/questionnaire/submit', { method: 'POST', token })).status).toBe(200);

    // One chat message to the offline coach (chat learns of the trial through an event first).
    const streamed = await eventually('chat access', async () => {
      const response = await api('/api/v1/chat/stream', {
        method: 'POST',
        token,
        json: { message: chatText, session_id: null },
      });
      if (response.status === 200) return response.text();
      await response.body?.cancel();
      return undefined;
    });
    expect(streamed).toContain('[DONE]');
    const sessionId = (
      JSON.parse(
        streamed
          .split('\n')
          .find((l) => l.startsWith('data: {'))!
          .slice(6),
      ) as {
        session_id: string;
      }
    ).session_id;

    // A file uploaded into that chat session.
    const form = new FormData();
    form.append('files', new Blob(['Dear Ottilie, about the summer…'], { type: 'text/plain' }), fileName);
    form.set('session_id', sessionId);
    const upload = await api('/api/v1/files/upload-multiple-to-session', {
      method: 'POST',
      token,
      body: form,
    });
    expect(upload.status).toBe(200);

    // A device that gets reminders by web push (the embedded stand-in push service's).
    const standIn = ((await (await api('/dev/push-service')).json()) as { url: string }).url;
    const device = await (await fetch(`${standIn}/subscriptions`, { method: 'POST' })).json();
    expect((await api('/api/v1/push/subscriptions', { method: 'POST', token, json: device })).status).toBe(
      201,
    );

    // Everything is in place: the searches below can find the person if they are still there.
    const blobs = path.join(dataDir, 'files', 'blobs');
    const blobsBefore = filesUnder(blobs);
    expect(blobsBefore.length).toBeGreaterThan(0);
    // The databases, uploads, keys and mails on disk are the owner's only: folders 0700, files 0600.
    expect(filesUnder(path.join(dataDir, 'mail')).length).toBeGreaterThan(0);
    expect(filesUnder(path.join(dataDir, 'chat')).length).toBeGreaterThan(0);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    const needles = [userId, userId.replace(/-/g, ''), person.email, person.first_name, person.last_name];
    const found = async () => {
      const hits: string[] = [];
      for (const service of Object.keys(product.services))
        for (const { table, row } of await wholeDatabase(service))
          if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase())))
            hits.push(`${service}.${table}`);
      return new Set(hits);
    };
    const before = await found();
    for (const table of [
      'auth.users',
      'billing.subscriptions',
      'questionnaire.answers',
      'chat.chat_sessions',
      'files.files',
      'notifications.sent_mail',
      'notifications.push_subscriptions',
    ])
      expect(before, table).toContain(table);

    // Deleted: login ends at once.
    const deleted = await api('/api/v1/users/me', {
      method: 'DELETE',
      token,
      json: { current_password: person.password },
    });
    expect(deleted.status).toBe(200);
    expect((await logIn(person.email, person.password)).status).toBe(403);

    // What the deletion set off has gone round before the 90 days pass: every event published and
    // taken (chat's stored access verdict is the last to hear: the trial stopped).
    await eventually('deletion settled', async () => {
      for (const service of Object.keys(product.services))
        if ((await count(service, 'select count(*) as n from kit_outbox where published_at is null')) > 0)
          return undefined;
      const access = `select count(*) as n from chat_access_verdicts where user_id = '${userId}' and not allowed`;
      return (await count('chat', access)) === 1 ? true : undefined;
    });

    // Day 90. Meanwhile every service pruned its published events (a week's retention).
    clock.advance(90 * DAY + 60_000);
    for (const service of Object.keys(product.services)) await runJob(service, PRUNE_JOB);
    // The confirmation mail, while the address (and the rest) still exist.
    await runJob('auth', ERASURE_JOB);
    const confirmation = await eventually('erasure confirmation mail', async () =>
      (await mailsTo(person.email)).find((m) => m.subject.includes('permanently erased')),
    );
    expect(confirmation.subject).toBe('Your Innerview account is being permanently erased');
    expect(confirmation.text).toContain(person.first_name);
    expect(await count('auth', `select count(*) as n from users where email = '${person.email}'`)).toBe(1);

    // Day 91: the erasure, in every service; every sweep runs at the moved time.
    clock.advance(DAY);
    await runJob('auth', ERASURE_JOB);
    await runJob('billing', BILLING_SWEEP);
    await eventually('auth row gone', async () =>
      (await count('auth', `select count(*) as n from users where id = '${userId}'`)) === 0
        ? true
        : undefined,
    );
    const personal = [person.email, person.first_name, person.last_name].map((n) => n.toLowerCase());
    /** The bare id (never the address or a name) may stay in two places. */
    const allowed = (service: string, table: string, row: string) => {
      if (personal.some((n) => row.toLowerCase().includes(n))) return false;
      // The destroyed data keys stay as tombstones (user id, destroyed_at, no key; ADR 8, 17), so
      // that no key is made for that id again and any earlier copy stays unreadable.
      if (table === 'data_keys')
        return row.includes('"wrapped_key":null') && row.includes('"destroyed_at":"');
      // Auth's erasure event itself, which tells the other services, until the outbox's published
      // rows are pruned a week later.
      return service === 'auth' && table === 'kit_outbox' && row.includes('"type":"auth.user.erased"');
    };
    const left = await eventually(
      'every service erased',
      async () => {
        await runJob('files', FILES_SWEEP);
        const remaining: string[] = [];
        for (const service of Object.keys(product.services))
          for (const { table, row } of await wholeDatabase(service)) {
            const lower = row.toLowerCase();
            const names = needles.some((n) => lower.includes(n.toLowerCase()));
            if (names && !allowed(service, table, row)) remaining.push(`${service}.${table}: ${row}`);
          }
        return remaining.length === 0 && filesUnder(blobs).length === 0 ? remaining : undefined;
      },
      20_000,
    ).catch(async (err) => {
      // Name what is left, so that a failure says which service keeps what.
      const remaining: string[] = [];
      for (const service of Object.keys(product.services))
        for (const { table, row } of await wholeDatabase(service))
          if (
            needles.some((n) => row.toLowerCase().includes(n.toLowerCase())) &&
            !allowed(service, table, row)
          )
            remaining.push(`${service}.${table}: ${row.slice(0, 3000)}`);
      throw new Error(`${err.message}\n${remaining.join('\n')}\nblobs: ${filesUnder(blobs).join(', ')}`);
    });
    expect(left).toEqual([]);

    // What the person wrote is nowhere in plain text either (it was encrypted; its key is gone).
    for (const service of Object.keys(product.services))
      for (const { table, row } of await wholeDatabase(service)) {
        expect(row, `${service}.${table}`).not.toContain('Ottilie');
        expect(row, `${service}.${table}`).not.toContain(fileName);
      }
    // The keys are destroyed in the three services that encrypt.
    for (const service of ['questionnaire', 'chat', 'files'])
      expect(
        await count(
          service,
          `select count(*) as n from data_keys where user_id = '${userId}' and wrapped_key is null and destroyed_at is not null`,
        ),
        service,
      ).toBe(1);
    // Billing's accounting record stays, under a pseudonym (ADR 17).
    expect(
      await count('billing', 'select count(*) as n from subscriptions where erased_at is not null'),
    ).toBe(1);
    // No stored object of the person is left.
    expect(filesUnder(blobs)).toEqual([]);

    // And the person cannot log in: the account does not exist any more.
    const refused = await logIn(person.email, person.password);
    expect(refused.status).toBe(401);
  });
});
