import type { JobQueue, Queryable } from '@innerview/kit';
import { erasedUnderLock } from '../db/erased.ts';
import { recordQueued } from '../db/sent-mail.ts';
import { mailLanguage, type QueuedMailRequest } from '../domain/compose-mail.ts';
import { mailIdFor } from '../domain/mail-id.ts';
import { type SendMailJob, sendMailAttempts, sendMailJobName } from '../jobs/send-mail.ts';

export interface MailDeps {
  jobs: JobQueue;
  /** First retry delay of a failed send (MAIL_RETRY_BACKOFF_MS). */
  backoffMs: number;
}

/**
 * Records the mail as queued (in the consumer's inbox transaction) and hands it to the send-mail
 * job. The inbox keeps a redelivered event from getting here twice; the job id (event id +
 * template) is the second guard, and the mail id derived from both the third.
 *
 * An event about a person already erased (it came late: another topic, a retry, a replay) sends
 * nothing, except the erasure confirmation, which they are owed even when it is late (ADR 17): that
 * one is sent but leaves no `sent_mail` row.
 */
export async function queueMail(
  tx: Queryable,
  deps: MailDeps,
  mail: { eventId: string; userId: string; to: string; request: QueuedMailRequest },
): Promise<void> {
  const { template } = mail.request;
  const mailId = mailIdFor(mail.eventId, template);
  const erased = await erasedUnderLock(tx, mail.userId);
  if (erased && template !== 'account-erased') return;
  if (!erased)
    await recordQueued(tx, {
      id: mailId,
      userId: mail.userId,
      eventId: mail.eventId,
      template,
      language: mailLanguage(mail.request.language),
    });
  const job: SendMailJob = { mailId, ...mail };
  await deps.jobs.add(sendMailJobName, job, {
    jobId: `${mail.eventId}-${template}`,
    attempts: sendMailAttempts,
    backoffMs: deps.backoffMs,
  });
}
