import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Database, openDatabase } from '@innerview/kit/db';
import { createMemoryJobQueue } from '@innerview/kit/jobs/memory-queue';
import type { JobQueue } from '@innerview/kit/jobs/queue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailDeliveryError, type MailTransport, type OutgoingMail } from '../adapters/mail/mail-transport.ts';
import { mailStatus } from '../db/sent-mail.ts';
import { capturingLogger, eventually, openForTest, sealedForTest } from '../testing/helpers.ts';
import { type SendMailJob, sendMailAttempts, sendMailHandler, sendMailJobName } from './send-mail.ts';

const migrations = path.resolve(import.meta.dirname, '../../drizzle');
const settings = {
  appUrl: 'http://localhost:8080',
  supportEmail: 'support@innerview.ch',
  from: 'Innerview <hello@innerview.ch>',
};

/** A transport that refuses the first `failures` sends as an unreachable SMTP server would. */
function flakyTransport(failures: number) {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      calls++;
      if (calls <= failures) throw new MailDeliveryError('ECONNECTION', undefined);
      sent.push(mail);
      return { sentAt: new Date().toISOString() };
    },
    close() {},
  };
  return { transport, sent, calls: () => calls };
}

/** A reset mail with fresh ids (the tests share one database). */
const resetJob = (userId = randomUUID()): SendMailJob => ({
  mailId: randomUUID(),
  eventId: randomUUID(),
  userId,
  to: 'anna.muster@example.ch',
  request: {
    template: 'password-reset',
    language: 'fr',
    firstName: 'Anna',
    sealedToken: sealedForTest('auth.password-reset.requested', userId, 'secret-reset-token-123'),
    requestedAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-21T11:00:00.000Z',
  },
});

describe('the send-mail job', () => {
  let database: Database;
  let jobs: JobQueue;
  /** The job's handler on the test database, with the tests' settings and token key. */
  const handlerFor = (transport: MailTransport, log = capturingLogger().log) =>
    sendMailHandler({ db: database.db, transport, log, settings, openToken: openForTest });

  beforeAll(async () => {
    database = await openDatabase({ url: 'memory://', dataDir: '' });
    await database.migrate(migrations, '__migrations');
  });
  afterAll(() => database.close());

  beforeEach(() => {
    jobs = createMemoryJobQueue();
  });
  afterEach(() => jobs.close());

  it('retries a failing transport until the mail goes out, then records it as sent', async () => {
    const job = resetJob();
    const flaky = flakyTransport(2);
    const { log } = capturingLogger();
    jobs.process(sendMailJobName, handlerFor(flaky.transport, log));
    await jobs.add(sendMailJobName, job, {
      jobId: 'e1-password-reset',
      attempts: sendMailAttempts,
      backoffMs: 5,
    });

    const [mail] = await eventually(() => flaky.sent.length === 1 && flaky.sent);
    expect(flaky.calls()).toBe(3);
    expect(mail?.to).toBe('anna.muster@example.ch');
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Innerview');
    expect(mail?.text).toContain('http://localhost:8080/reset-password?token=secret-reset-token-123');
    expect(await eventually(async () => (await mailStatus(database.db, job.mailId)) === 'sent')).toBe(true);
  });

  it('gives up after the last attempt and records the mail as failed', async () => {
    const job = resetJob();
    const broken = flakyTransport(Number.POSITIVE_INFINITY);
    const { log } = capturingLogger();
    jobs.process(sendMailJobName, handlerFor(broken.transport, log));
    await jobs.add(sendMailJobName, job, { attempts: sendMailAttempts, backoffMs: 2 });

    await eventually(async () => (await mailStatus(database.db, job.mailId)) === 'failed');
    expect(broken.calls()).toBe(sendMailAttempts);
    expect(broken.sent).toHaveLength(0);
  });

  it('does not send a mail twice when its job runs again', async () => {
    const job = resetJob();
    const transport = flakyTransport(0);
    const handler = handlerFor(transport.transport);
    await handler({ name: sendMailJobName, data: job, attempt: 1 });
    await handler({ name: sendMailJobName, data: job, attempt: 1 });
    expect(transport.sent).toHaveLength(1);
  });

  it('never logs the address, the token or the body', async () => {
    const job = resetJob();
    const flaky = flakyTransport(1);
    const { log, lines } = capturingLogger();
    const handler = handlerFor(flaky.transport, log);
    await expect(handler({ name: sendMailJobName, data: job, attempt: 1 })).rejects.toThrow(
      MailDeliveryError,
    );
    await handler({ name: sendMailJobName, data: job, attempt: 2 });
    const logged = lines();
    expect(logged).toContain(job.mailId);
    expect(logged).toContain('password-reset');
    for (const secret of ['anna.muster', 'example.ch', 'secret-reset-token', 'Anna', 'Réinitialisez'])
      expect(logged).not.toContain(secret);
  });

  it('drops malformed job data instead of retrying it forever', async () => {
    const transport = flakyTransport(0);
    const handler = handlerFor(transport.transport);
    await handler({ name: sendMailJobName, data: { ...resetJob(), to: 'not an address' }, attempt: 1 });
    expect(transport.sent).toHaveLength(0);
  });
});
