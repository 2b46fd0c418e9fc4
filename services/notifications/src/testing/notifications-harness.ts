import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyText } from '@innerview/crypto';
import { createJobQueue, type EventBus, type JobQueue, type Logger } from '@innerview/kit';
import { createMemoryJobQueue } from '@innerview/kit/jobs/memory-queue';
import { redisUrl } from '@innerview/kit/testing/postgres';
import { openStoredCopy } from '@innerview/kit/testing/stored-copy';
import { startTestService, type TestService } from '@innerview/kit/testing/test-service';
import webpush from 'web-push';
import type { StoredMail } from '../adapters/mail/mail-transport.ts';
import { notificationsService } from '../app.ts';
import { testEventPayloadKey } from './helpers.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';

/** The service as embedded mode runs it (mails as files under a temporary DATA_DIR), on the kit's test service. */
export interface NotificationsHarness<J extends JobQueue = JobQueue> extends TestService {
  /** The mail jobs' queue (the test's, so it can count or drain them). */
  jobs: J;
  /** The mails the dev mailbox holds for `to` (GET /dev/mail?to=). */
  mailsTo(to: string): Promise<StoredMail[]>;
}

/**
 * Starts notifications with fast mail retries and the tests' event-payload key (`env` over them);
 * `stop` also closes the job queue and removes the mail folder.
 */
export async function startNotificationsHarness<J extends JobQueue = JobQueue>(
  options: { env?: Record<string, string>; jobs?: J; logger?: Logger; bus?: EventBus } = {},
): Promise<NotificationsHarness<J>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'iv-notifications-'));
  const jobs = options.jobs ?? (createMemoryJobQueue() as JobQueue as J);
  const test = await startTestService(notificationsService, {
    env: {
      DATA_DIR: dataDir,
      MAIL_RETRY_BACKOFF_MS: '10',
      EVENT_PAYLOAD_KEY: testEventPayloadKey,
      ...options.env,
    },
    jobs,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
  });
  return {
    ...test,
    jobs,
    async mailsTo(to) {
      const answer = await test.call('GET', `/dev/mail?to=${encodeURIComponent(to)}`);
      if (answer.status !== 200) throw new Error(`GET /dev/mail answered ${answer.status}`);
      return answer.body as StoredMail[];
    },
    async stop() {
      await test.stop();
      await jobs.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DistributedNotificationsHarness extends NotificationsHarness {
  /** The SMTP server the service sends to: what it received, and refusals on demand. */
  smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
}

/**
 * Notifications on the servers of distributed mode: a database of its own on PostgreSQL, the Redis
 * bus under a prefix of its own (parallel runs and other services never see its events), web push
 * configured as production requires, and an SMTP server started here; `jobs: 'bullmq'` puts the
 * mail jobs on BullMQ on that Redis (else the in-process queue). `env` goes over these settings.
 * `stop` also closes the bus, drops the database, removes the prefix's Redis keys and stops the
 * SMTP server.
 */
export async function startDistributedNotificationsHarness(
  options: { env?: Record<string, string>; jobs?: 'bullmq' | 'memory' } = {},
): Promise<DistributedNotificationsHarness> {
  const smtp = await startSmtpTestServer();
  const stored = await openStoredCopy('iv_notifications', 'notifications');
  const vapid = webpush.generateVAPIDKeys();
  const jobs =
    options.jobs === 'bullmq'
      ? createJobQueue({ kind: 'bullmq', redisUrl: redisUrl(), prefix: stored.prefix })
      : undefined;
  const harness = await startNotificationsHarness({
    env: {
      DATABASE_URL: stored.url,
      REDIS_URL: redisUrl(),
      EVENT_BUS: 'redis',
      SMTP_URL: smtp.url,
      APP_URL: 'https://app.innerview.ch',
      // Required with PostgreSQL since reminders may go by push (ADR 59).
      MASTER_KEY: generateKeyText(1),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:support@innerview.ch',
      ...options.env,
    },
    bus: stored.bus,
    ...(jobs ? { jobs } : {}),
  });
  const stop = async () => {
    await harness.stop();
    await stored.close();
    await smtp.close();
  };
  return { ...harness, smtp, stop };
}
