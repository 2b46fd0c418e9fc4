import type { JobHandler } from '@innerview/kit';
import { z } from 'zod';
import { type MailDeps, queueMail } from '../actions/queue-mail.ts';
import { type PushOutcome, sendPush } from '../adapters/push/send-push.ts';
import { erasedUnderLock, isErased } from '../db/erased.ts';
import {
  deleteSubscriptionById,
  listSubscriptions,
  pushStatus,
  recordPushOutcome,
} from '../db/push-subscriptions.ts';
import { mailLanguage, type QueuedMailRequest, queuedMailRequestSchema } from '../domain/compose-mail.ts';
import { afterPush, pushMessageFor, type ReminderKind } from '../domain/reminders.ts';
import type { PushContext } from '../push-context.ts';

export const sendReminderJobName = 'send-reminder';
/** Tries on the devices before the e-mail goes instead. */
export const sendReminderAttempts = 3;

export interface SendReminderJob {
  reminderId: string;
  eventId: string;
  userId: string;
  kind: ReminderKind;
  language: string;
  mail: { to: string; request: QueuedMailRequest };
}

const jobSchema = z.object({
  reminderId: z.uuid(),
  eventId: z.uuid(),
  userId: z.uuid(),
  kind: z.enum(['trial-ending']),
  language: z.string().max(20),
  mail: z.object({ to: z.email(), request: queuedMailRequestSchema }),
});

/**
 * Pushes one reminder to every device of the person. A device the push service reports gone
 * (404/410) is forgotten at once. One device reached is enough; when none is left, or the last try
 * reached none, the reminder goes by e-mail instead (domain/reminders.ts). Logs name the reminder
 * and counts, never an endpoint.
 */
export function sendReminderHandler(push: PushContext, mailDeps: MailDeps): JobHandler<SendReminderJob> {
  const { db, log } = push.service;
  return async ({ data, attempt }) => {
    const parsed = jobSchema.safeParse(data);
    if (!parsed.success) {
      log.error(
        { issues: parsed.error.issues.map((i) => i.path.join('.')) },
        'send-reminder job is malformed',
      );
      return;
    }
    const job = parsed.data;
    const status = await pushStatus(db, job.reminderId);
    if (status === 'sent' || status === 'mailed') return;
    if (await isErased(db, job.userId)) return;
    const message = JSON.stringify(pushMessageFor(job.kind, mailLanguage(job.language)));
    const outcomes: PushOutcome[] = [];
    for (const device of await listSubscriptions(push, job.userId)) {
      const outcome = await sendPush(device.subscription, message, push.vapid, {
        timeoutMs: push.service.config.PUSH_TIMEOUT_MS,
      });
      outcomes.push(outcome);
      push.metrics.messages.inc({ outcome: outcome.kind });
      if (outcome.kind === 'gone') {
        await deleteSubscriptionById(db, device.id);
        push.metrics.subscriptions.inc({ change: 'gone' });
      }
    }
    const next = afterPush(outcomes, attempt >= sendReminderAttempts);
    const delivered = outcomes.filter((o) => o.kind === 'delivered').length;
    log.info(
      { reminderId: job.reminderId, kind: job.kind, devices: outcomes.length, delivered, next },
      'reminder pushed',
    );
    if (next === 'retry') throw new Error('no device reached; will retry');
    const key = {
      id: job.reminderId,
      userId: job.userId,
      eventId: job.eventId,
      kind: job.kind,
      language: job.language,
    };
    // Under the erasure's lock, as the mail job records: nothing is written about a person after
    // their erasure swept the table.
    await db.transaction(async (tx) => {
      if (await erasedUnderLock(tx, job.userId)) return;
      if (next === 'sent') {
        await recordPushOutcome(tx, key, {
          status: 'sent',
          devices: delivered,
          sentAt: push.service.clock.now(),
        });
        return;
      }
      await queueMail(tx, mailDeps, { eventId: job.eventId, userId: job.userId, ...job.mail });
      await recordPushOutcome(tx, key, { status: 'mailed', devices: 0, sentAt: null });
    });
  };
}
