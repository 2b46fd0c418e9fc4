import { erasedPeopleTable } from '@innerview/kit/erased-people';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per mail the service decided to send: what, to whom (user id) and how it went. Never the
 * address or the body (those live only in the job while it runs, and in the dev mailbox files).
 */
export const sentMail = pgTable(
  'sent_mail',
  {
    /** The mail id, derived from (event id, template): see `mailIdFor`. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** The event that asked for the mail. */
    eventId: uuid('event_id').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    /** `queued` → `sent`, or `failed` after the last try. */
    status: text('status').notNull(),
    /** Delivery tries so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sent_mail_event_template_idx').on(t.eventId, t.template),
    index('sent_mail_user_template_idx').on(t.userId, t.template),
  ],
);

export type MailStatus = 'queued' | 'sent' | 'failed';

/**
 * The people erased (ADR 17), so that an event about one of them arriving late (another topic, a
 * retry, a replay from the dead letters) sends them nothing and records nothing. Holds a hash of
 * the user id (`erasedMark`), not the id, and no date: nothing of the person, only "this id is gone".
 */
export const erasedPeople = erasedPeopleTable();
