import type { Queryable } from '@innerview/kit';
import { erasedUnderLock } from '../db/erased.ts';
import { countSubscriptions, recordPushQueued } from '../db/push-subscriptions.ts';
import { mailLanguage, type QueuedMailRequest } from '../domain/compose-mail.ts';
import { type ReminderKind, reminderChannel, reminderIdFor } from '../domain/reminders.ts';
import { type SendReminderJob, sendReminderAttempts, sendReminderJobName } from '../jobs/send-reminder.ts';
import { type MailDeps, queueMail } from './queue-mail.ts';

export interface Reminder {
  eventId: string;
  userId: string;
  kind: ReminderKind;
  language: string;
  /** The e-mail the person gets when no device can be reminded. */
  mail: { to: string; request: QueuedMailRequest };
}

/**
 * Sends a reminder by the channel the person has (domain/reminders.ts): a push job when a device is
 * subscribed, else the mail, queued as any other. Runs in the consumer's inbox transaction.
 */
export async function queueReminder(tx: Queryable, deps: MailDeps, reminder: Reminder): Promise<void> {
  const { eventId, userId, kind } = reminder;
  if (await erasedUnderLock(tx, userId)) return;
  if (reminderChannel(await countSubscriptions(tx, userId)) === 'mail') {
    await queueMail(tx, deps, { eventId, userId, ...reminder.mail });
    return;
  }
  const reminderId = reminderIdFor(eventId, kind);
  const language = mailLanguage(reminder.language);
  await recordPushQueued(tx, { id: reminderId, userId, eventId, kind, language });
  const job: SendReminderJob = { reminderId, eventId, userId, kind, language, mail: reminder.mail };
  await deps.jobs.add(sendReminderJobName, job, {
    jobId: `${eventId}-push`,
    attempts: sendReminderAttempts,
    backoffMs: deps.backoffMs,
  });
}
