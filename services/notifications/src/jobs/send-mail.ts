import type { Db, JobHandler, Logger } from '@innerview/kit';
import { z } from 'zod';
import { MailDeliveryError, type MailTransport } from '../adapters/mail/mail-transport.ts';
import { erasedUnderLock, isErased } from '../db/erased.ts';
import { mailStatus, recordAttempt, type SentMailKey } from '../db/sent-mail.ts';
import {
  composeMail,
  type MailSettings,
  openedMailRequest,
  type QueuedMailRequest,
  queuedMailRequestSchema,
} from '../domain/compose-mail.ts';

export const sendMailJobName = 'send-mail';
/** Tries of one mail, the first included; with the backoff doubling, a few minutes of SMTP outage. */
export const sendMailAttempts = 5;

export interface SendMailJob {
  mailId: string;
  eventId: string;
  userId: string;
  to: string;
  request: QueuedMailRequest;
}

const sendMailJobSchema = z.object({
  mailId: z.uuid(),
  eventId: z.uuid(),
  userId: z.uuid(),
  to: z.email(),
  request: queuedMailRequestSchema,
});

export interface SendMailDeps {
  db: Db;
  transport: MailTransport;
  log: Logger;
  settings: MailSettings & { from: string };
  /** Opens a link token sealed by auth (EVENT_PAYLOAD_KEY); throws when the seal does not hold. */
  openToken(sealed: string, template: string, userId: string): string;
  /** Opens a goal's title sealed by chat (EVENT_PAYLOAD_KEY); throws when the seal does not hold. */
  openTitle?(sealed: string, userId: string, goalId: string): string;
  /** Opens a weekly summary sealed by chat (EVENT_PAYLOAD_KEY); throws when the seal does not hold. */
  openSummary?(sealed: string, userId: string): string;
}

/**
 * Records a try unless the person was erased meanwhile (then the row would name them again); under
 * the erasure's lock, so that it commits before the erasure's sweep or sees its mark.
 */
async function recordUnlessErased(
  db: Db,
  key: SentMailKey,
  outcome: Parameters<typeof recordAttempt>[2],
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await erasedUnderLock(tx, key.userId))) await recordAttempt(tx, key, outcome);
  });
}

/**
 * Renders and delivers one mail, and records the outcome in `sent_mail`. A mail already sent is
 * not sent again (a job run twice); a failed try throws so the queue retries it with backoff, and
 * the last failed try marks the mail `failed`. Logs name the template and mail id only. A person
 * erased since the mail was queued gets only the erasure confirmation, and nothing is recorded.
 */
export function sendMailHandler(deps: SendMailDeps): JobHandler<SendMailJob> {
  return async ({ data, attempt }) => {
    const parsed = sendMailJobSchema.safeParse(data);
    if (!parsed.success) {
      // Retrying cannot fix malformed data: drop it (the paths name fields, never values).
      deps.log.error(
        { issues: parsed.error.issues.map((i) => i.path.join('.')) },
        'send-mail job is malformed',
      );
      return;
    }
    const job = parsed.data;
    const { template } = job.request;
    const key: SentMailKey = {
      id: job.mailId,
      userId: job.userId,
      eventId: job.eventId,
      template,
      language: job.request.language,
    };
    if ((await mailStatus(deps.db, job.mailId)) === 'sent') {
      deps.log.info({ mailId: job.mailId, template }, 'mail already sent');
      return;
    }
    if (template !== 'account-erased' && (await isErased(deps.db, job.userId))) {
      deps.log.info({ mailId: job.mailId, template }, 'mail dropped: the person was erased');
      return;
    }
    let request: ReturnType<typeof openedMailRequest>;
    try {
      request = openedMailRequest(
        job.request,
        (sealed) => deps.openToken(sealed, template, job.userId),
        deps.openTitle && ((sealed, goalId) => deps.openTitle!(sealed, job.userId, goalId)),
        deps.openSummary && ((sealed) => deps.openSummary!(sealed, job.userId)),
      );
    } catch {
      // A token sealed under a key this service does not hold: retrying cannot fix it.
      deps.log.error({ mailId: job.mailId, template }, 'mail dropped: its sealed part cannot be opened');
      return;
    }
    const mail = composeMail(request, deps.settings);
    let sentAt: string;
    try {
      ({ sentAt } = await deps.transport.send({
        id: job.mailId,
        from: deps.settings.from,
        to: job.to,
        ...mail,
      }));
    } catch (error) {
      const failure = MailDeliveryError.from(error);
      const final = attempt >= sendMailAttempts;
      deps.log.warn(
        {
          mailId: job.mailId,
          template,
          attempt,
          final,
          code: failure.code,
          responseCode: failure.responseCode,
        },
        final ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      await recordUnlessErased(deps.db, key, { status: final ? 'failed' : 'queued', attempt });
      throw failure;
    }
    await recordUnlessErased(deps.db, key, { status: 'sent', attempt, sentAt });
    deps.log.info({ mailId: job.mailId, template, transport: deps.transport.kind }, 'mail sent');
  };
}
