import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: a service writes its event rows in the same transaction as the change
 * they describe, and the relay publishes committed rows. `seq` orders rows by insertion, which for
 * one subject is the order of the changes (writers of one aggregate are serialised by its row lock),
 * unlike `created_at` (the transaction's start time).
 */
export const kitOutbox = pgTable(
  'kit_outbox',
  {
    /** The event id. */
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    /** The whole envelope, exactly as it will be published. */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Publish tries so far, the successful one included. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A failed publish is retried from this time on (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kit_outbox_pending_idx').on(t.seq).where(sql`${t.publishedAt} is null`),
    index('kit_outbox_subject_pending_idx').on(t.subject, t.seq).where(sql`${t.publishedAt} is null`),
    index('kit_outbox_published_at_idx').on(t.publishedAt),
  ],
);

/** The inbox: one row per (consumer group, event) processed, written with the consumer's effect. */
export const kitInbox = pgTable(
  'kit_inbox',
  {
    consumerGroup: text('consumer_group').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.consumerGroup, t.eventId] }),
    index('kit_inbox_processed_at_idx').on(t.processedAt),
  ],
);
