import type { EventEnvelope } from '@innerview/contracts';
import type { Queryable } from '@innerview/kit';
import { type MailDeps, queueMail } from '../actions/queue-mail.ts';
import { queueReminder } from '../actions/queue-reminder.ts';
import { erasedUnderLock } from '../db/erased.ts';
import { deleteRecipient, findRecipient, saveRecipient, saveRecipientLanguage } from '../db/recipients.ts';

/**
 * Goal check-ins (docs/product.md#goals): something the person asked to be reminded of, sent by the
 * channel they have (queue-reminder.ts, ADR 59): a push on their devices, else the e-mail.
 */
interface CheckinReminder {
  eventId: string;
  userId: string;
  kind: 'goal-checkin';
  rhythm: 'daily' | 'weekly';
  goalId: string;
  /** The goal's title as chat sealed it: opened only when the mail is composed. */
  sealedTitle: string;
}

export function reminderHandlers(deps: MailDeps) {
  /** One reminder to its person: by e-mail, in the language they chose, to the address they have. */
  async function remind(tx: Queryable, reminder: CheckinReminder, log: (why: string) => void): Promise<void> {
    const to = await findRecipient(tx, reminder.userId);
    // Registered before this projection existed, or already erased: no address, no reminder.
    if (!to) return log('no recipient known');
    await queueReminder(tx, deps, {
      eventId: reminder.eventId,
      userId: reminder.userId,
      kind: 'goal-checkin',
      language: to.language,
      mail: {
        to: to.email,
        request: {
          template: 'goal-checkin',
          language: to.language,
          firstName: to.firstName,
          rhythm: reminder.rhythm,
          goalId: reminder.goalId,
          sealedTitle: reminder.sealedTitle,
        },
      },
    });
  }

  return {
    async userRegistered(event: EventEnvelope<'auth.user.registered'>, tx: Queryable) {
      const { userId, email, firstName, language } = event.data;
      if (await erasedUnderLock(tx, userId)) return;
      await saveRecipient(tx, { userId, email, firstName, language });
    },
    async settingsChanged(event: EventEnvelope<'auth.settings.changed'>, tx: Queryable) {
      await saveRecipientLanguage(tx, event.data.userId, event.data.language);
    },
    /** Deleted (no more reminders, even if support reactivates the account) or erased: the address goes. */
    async userErased(event: EventEnvelope<'auth.user.erased' | 'auth.user.deleted'>, tx: Queryable) {
      await deleteRecipient(tx, event.data.userId);
    },
    /** The weekly reflection: a mail, to the address and in the language the service knows. */
    weeklyReflection(log: (why: string) => void) {
      return async (event: EventEnvelope<'chat.reflection.weekly_due'>, tx: Queryable) => {
        const { userId, sealedSummary } = event.data;
        const to = await findRecipient(tx, userId);
        if (!to) return log('no recipient known');
        await queueMail(tx, deps, {
          eventId: event.id,
          userId,
          to: to.email,
          request: {
            template: 'weekly-reflection',
            language: to.language,
            firstName: to.firstName,
            sealedSummary,
          },
        });
      };
    },
    checkinDue(log: (why: string) => void) {
      return async (event: EventEnvelope<'chat.goal.checkin_due'>, tx: Queryable) => {
        const { userId, goalId, checkin, sealedTitle } = event.data;
        await remind(
          tx,
          { eventId: event.id, userId, kind: 'goal-checkin', rhythm: checkin, goalId, sealedTitle },
          log,
        );
      };
    },
  };
}
