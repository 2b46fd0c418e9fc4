import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { generateKeyText } from '@innerview/crypto';
import { createEventBus, type EventBus, type RunningService, startService } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../notifications/src/adapters/mail/mailbox.ts';
import { notificationsService } from '../../notifications/src/app.ts';
import { type AuthHarness, startAuthHarness } from './testing/auth-harness.ts';

// Auth and notifications on one bus, as the embedded product runs them, every log line kept: after
// a verification and a reset, the only place a link token may exist in clear is the mail itself.
let h: AuthHarness;
let notifications: RunningService;
let bus: EventBus;
let dataDir: string;
const logLines: string[] = [];
const published: unknown[] = [];
const capture = (name: string) =>
  pino(
    { name, level: 'trace', base: { service: name } },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );

beforeAll(async () => {
  const eventPayloadKey = generateKeyText(1);
  dataDir = await mkdtemp(path.join(tmpdir(), 'iv-token-secrecy-'));
  bus = await createEventBus({ kind: 'memory', prefix: 'token-secrecy' });
  const all = await bus.subscribe({
    group: 'token-secrecy-all',
    types: ['auth.verification.requested', 'auth.password-reset.requested', 'auth.user.verified'],
    handler: async (event) => {
      published.push(event);
    },
  });
  void all;
  notifications = await startService(notificationsService, {
    env: {
      DATABASE_URL: 'memory://',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      MAIL_RETRY_BACKOFF_MS: '10',
      EVENT_PAYLOAD_KEY: eventPayloadKey,
    },
    bus,
    logger: capture('notifications') as never,
  });
  h = await startAuthHarness({
    bus,
    env: { EVENT_PAYLOAD_KEY: eventPayloadKey, LOG_LEVEL: 'trace' },
    logger: capture('auth') as never,
  });
}, 300_000);
afterAll(async () => {
  await h?.stop();
  await notifications?.stop();
  await bus?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The token of the newest mail to `to` whose link goes to `route`, as the recipient would click it. */
async function tokenFromMail(to: string, route: string, known: string[] = []): Promise<string> {
  return eventually(
    async () => {
      const mails = await readMailbox(path.join(dataDir, 'mail'), { limit: 20, to });
      return mails
        .flatMap((m) => m.links)
        .filter((l) => l.includes(route))
        .map((l) => new URL(l).searchParams.get('token') ?? '')
        .find((t) => t && !known.includes(t));
    },
    { timeoutMs: 30_000, what: `a mail with ${route} to ${to}` },
  );
}

/** Every row of every table of a service's database, as text. */
async function everyRow(service: RunningService): Promise<string> {
  const db = service.ctx.db as unknown as {
    execute(q: unknown): Promise<{ rows: Record<string, unknown>[] }>;
  };
  const tables = await db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
  );
  let text = '';
  for (const { table_schema, table_name } of tables.rows)
    text +=
      table_name +
      JSON.stringify((await db.execute(sql.raw(`select * from "${table_schema}"."${table_name}"`))).rows);
  return text;
}

describe('link tokens never rest or travel in clear', () => {
  it('after a verification and a reset, no table, outbox row, event or log line holds a token', async () => {
    const body = h.signupBody();
    expect((await h.post('/api/v1/users/signup', body)).status).toBe(201);
    const verification = await tokenFromMail(body.email, 'verification-success');
    expect((await h.post('/api/v1/users/verify', { token: verification })).status).toBe(200);

    expect((await h.post(`/api/v1/password-recovery/${encodeURIComponent(body.email)}`)).status).toBe(200);
    const reset = await tokenFromMail(body.email, 'reset-password');
    const answer = await h.post('/api/v1/reset-password/', {
      token: reset,
      new_password: 'Another-secret-7',
      confirm_new_password: 'Another-secret-7',
    });
    expect(answer.status).toBe(200);

    const everywhere = {
      auth: await everyRow(h.service),
      notifications: await everyRow(notifications),
      events: JSON.stringify([...published, ...h.events]),
      logs: logLines.join(''),
    };
    // The scan sees what it should: the events and rows of this person are there.
    expect(everywhere.events).toContain(body.email);
    expect(everywhere.auth).toContain(body.email);
    expect(everywhere.auth).toContain('kit_outbox[{');
    for (const [where, text] of Object.entries(everywhere)) {
      expect({ where, verification: text.includes(verification) }).toEqual({ where, verification: false });
      expect({ where, reset: text.includes(reset) }).toEqual({ where, reset: false });
    }
  });
});
