import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobQueue, Logger } from '@innerview/kit';
import { createMemoryJobQueue } from '@innerview/kit/jobs/memory-queue';
import { startTestService, type TestService } from '@innerview/kit/testing/test-service';
import type { StoredMail } from '../adapters/mail/mail-transport.ts';
import { notificationsService } from '../app.ts';
import { testEventPayloadKey } from './helpers.ts';

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
  options: { env?: Record<string, string>; jobs?: J; logger?: Logger } = {},
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
