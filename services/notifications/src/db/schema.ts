import { dataKeysTable } from '@innerview/crypto';
import { at } from '@innerview/kit/db-columns';
import { erasedPeopleTable } from '@innerview/kit/erased-people';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
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

/**
 * Where a person's reminders go (docs/product.md#goals): their address, first name and language,
 * kept from `auth.user.registered` and `auth.settings.changed`, because a reminder (a goal's
 * check-in) comes from chat, which does not know the address. Deleted at the erasure. A push
 * channel would keep its subscriptions beside it; e-mail stays the fallback.
 */
export const recipients = pgTable('recipients', {
  userId: uuid('user_id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  language: text('language').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One row per device a person let us remind (docs/product.md#reminders). The browser's
 * PushSubscription (endpoint and keys) is encrypted under the person's data key: the endpoint is a
 * capability URL that lets anyone holding it write to the device. Looked up by a hash of the
 * endpoint, so one device is one row whoever registers it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** SHA-256 of the endpoint (hex): the lookup for DELETE and for a device changing hands. */
    endpointHash: text('endpoint_hash').notNull(),
    /** `{ endpoint, keys: { p256dh, auth } }`, encrypted (`push_subscriptions.subscription`). */
    subscription: text('subscription').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpointHash),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One row per reminder sent by push (a reminder sent by mail is a `sent_mail` row): which, when,
 * to how many devices. Nothing of the message or the devices.
 */
export const sentPush = pgTable(
  'sent_push',
  {
    /** Derived from (event id, kind): see `reminderIdFor`. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    /** `queued` → `sent`, or `mailed` when every device was gone or failed and the mail went instead. */
    status: text('status').notNull(),
    devices: integer('devices').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [index('sent_push_user_idx').on(t.userId)],
);

/** The per-person data keys of the push subscriptions (ADR 8). */
export const dataKeys = dataKeysTable();
