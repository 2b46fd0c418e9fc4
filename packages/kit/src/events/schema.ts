import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../db-columns.ts';

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
    createdAt: at('created_at').notNull().defaultNow(),
    publishedAt: at('published_at'),
    /** Publish tries so far, the successful one included. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A failed publish is retried from this time on (backoff). */
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
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
    processedAt: at('processed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.consumerGroup, t.eventId] }),
    index('kit_inbox_processed_at_idx').on(t.processedAt),
  ],
);

/**
 * Tries of an event a consumer group has not finished: counted before each try in its own commit,
 * so a try that kills the process still counts, and deleted in the inbox transaction that applies
 * the event. `attempts` holds the tries that failed for good or never ended (a transient failure
 * gives its try back), so a crash loop reaches the dead letters after `maxAttempts` (ADR 35).
 */
export const kitDeliveryAttempts = pgTable(
  'kit_delivery_attempts',
  {
    consumerGroup: text('consumer_group').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    firstFailedAt: at('first_failed_at'),
    lastFailedAt: at('last_failed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.consumerGroup, t.eventId] }),
    index('kit_delivery_attempts_updated_at_idx').on(t.updatedAt),
  ],
);

/**
 * Events a consumer group gave up on, kept in the consumer's own database (ADR 36): the envelope
 * exactly as published (sealed fields stay sealed), why and how often it failed, and its replay.
 * `event_id` is text: an invalid event is kept too, whatever its id looks like.
 */
export const kitDeadLetters = pgTable(
  'kit_dead_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consumerGroup: text('consumer_group').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    subject: text('subject'),
    envelope: jsonb('envelope').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    firstFailedAt: at('first_failed_at').notNull().defaultNow(),
    lastFailedAt: at('last_failed_at').notNull().defaultNow(),
    /** Set by `npm run events -- dead-letters replay`; the consuming service replays it. */
    replayRequestedAt: at('replay_requested_at'),
    replayedAt: at('replayed_at'),
  },
  (t) => [
    uniqueIndex('kit_dead_letters_group_event_idx').on(t.consumerGroup, t.eventId),
    index('kit_dead_letters_open_idx')
      .on(t.consumerGroup, t.lastFailedAt)
      .where(sql`${t.replayedAt} is null`),
    index('kit_dead_letters_replay_idx')
      .on(t.consumerGroup, t.replayRequestedAt)
      .where(sql`${t.replayRequestedAt} is not null and ${t.replayedAt} is null`),
  ],
);
