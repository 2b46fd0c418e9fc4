import { dataKeysTable } from '@innerview/crypto';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A conversation (docs/product.md#chat-records "Chat session"). The title is stored encrypted (it is made of the
 * person's words); null means 'new chat'. `title_source` says who named it, so an automatic title
 * never overwrites the person's own. `closed_at` is set by close-session / close-all-sessions
 * (logout) and cleared by the next message; `deleted` is the soft delete.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    titleCiphertext: text('title_ciphertext'),
    titleSource: text('title_source', { enum: ['default', 'auto', 'user'] }).notNull(),
    totalTokens: integer('total_tokens').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: at('deleted_at'),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('chat_sessions_user_idx').on(t.userId, t.updatedAt),
    check('chat_sessions_title_source_check', sql`${t.titleSource} in ('default', 'auto', 'user')`),
  ],
);

/**
 * One message. The content is only ever stored encrypted under the person's data key (AAD names
 * the message id). `kind` comes from docs/product.md#hidden-message-kinds's markers (questionnaire, attachment) or says the
 * reply was the crisis answer (`safety`); `hidden` is what the transcript reports. `reply_failed`
 * marks a user message whose reply failed, so that a retry reuses it instead of adding a copy.
 * `reply_owner` and `reply_lease_until` are set on a user message while its reply is being written:
 * the chat process writing it (its instance id) renews the lease; a lease left to expire means
 * that process died mid-reply, and any replica marks the reply failed (ADR 0039).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    kind: text('kind', { enum: ['message', 'questionnaire', 'attachment', 'safety'] }).notNull(),
    contentCiphertext: text('content_ciphertext').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    /** Assistant: how the reply ended (complete, stopped by the person, interrupted: nobody was reading). */
    status: text('status', { enum: ['complete', 'stopped', 'interrupted'] }).notNull(),
    replyFailed: boolean('reply_failed').notNull().default(false),
    fileIds: uuid('file_ids').array(),
    tokens: integer('tokens').notNull().default(0),
    replyOwner: text('reply_owner'),
    replyLeaseUntil: at('reply_lease_until'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.createdAt),
    index('chat_messages_reply_lease_idx').on(t.replyLeaseUntil).where(sql`${t.replyLeaseUntil} is not null`),
    index('chat_messages_user_idx').on(t.userId),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

/**
 * Whether a person may chat: the local projection of `billing.subscription.changed` (and the grace
 * end of `billing.payment.failed`). `changed_at` is the occurrence time of the event applied last,
 * so an older event arriving late changes nothing. `trial_tokens_remaining` is also lowered by
 * each metered reply, so the quota holds before billing's next word arrives.
 */
export const subscriptionAccess = pgTable('subscription_access', {
  userId: uuid('user_id').primaryKey(),
  status: text('status').notNull(),
  plan: text('plan'),
  periodEnd: at('period_end'),
  trialTokensRemaining: integer('trial_tokens_remaining'),
  graceUntil: at('grace_until'),
  changedAt: at('changed_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * What the coach knows of a person beyond the conversation: the language they chose (settings
 * events) and their questionnaire answers (encrypted under their data key; `answers_revision` keeps
 * the newest snapshot only).
 */
export const coachProfiles = pgTable('coach_profiles', {
  userId: uuid('user_id').primaryKey(),
  language: text('language'),
  answersCiphertext: text('answers_ciphertext'),
  answersRevision: integer('answers_revision').notNull().default(0),
  questionnaireSubmitted: boolean('questionnaire_submitted').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
});

/**
 * How many care replies were given, by day (UTC), tier and language: the anonymous count for the
 * yearly report (California SB 243). No user, no session, no text: one counter per cell.
 */
export const safetyReferrals = pgTable(
  'safety_referrals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    tier: text('tier', { enum: ['acute', 'possible'] }).notNull(),
    language: text('language').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.tier, t.language] }),
    check('safety_referrals_tier_check', sql`${t.tier} in ('acute', 'possible')`),
  ],
);

/** Per-user data keys (wrapped by the master key); see `@innerview/crypto`. */
export const dataKeys = dataKeysTable();
