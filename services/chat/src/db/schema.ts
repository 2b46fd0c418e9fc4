import { dataKeysTable } from '@innerview/crypto';
import { at } from '@innerview/kit/db-columns';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

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
    /** Versions (ADR 0058): the id of a message's first version, shared by all its versions; null: only one. */
    versionGroup: uuid('version_group'),
    /** Set when an edit or a regeneration replaced the message: it left the current branch. */
    supersededAt: at('superseded_at'),
    /** Assistant: the user message this reply answers (set on replies kept since ADR 0058). */
    parentId: uuid('parent_id'),
    /**
     * When the message's search tokens were written (ADR 0063), in the transaction that stores it;
     * for a message with nothing to index (hidden, or in a removed session), when that was decided.
     * Null: not yet done, the search backfill job's work list (the partial index).
     */
    searchIndexedAt: at('search_indexed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.createdAt),
    index('chat_messages_reply_lease_idx').on(t.replyLeaseUntil).where(sql`${t.replyLeaseUntil} is not null`),
    index('chat_messages_user_idx').on(t.userId),
    index('chat_messages_search_backfill_idx').on(t.id).where(sql`${t.searchIndexedAt} is null`),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

/**
 * The search index (ADR 0058): one row per distinct word of a visible message, the word only as
 * an HMAC under a key derived from the person's data key (never the word itself). Deleted with the
 * message (cascade), the session (soft delete removes its rows) and the person (erasure).
 */
export const chatSearchTokens = pgTable(
  'chat_search_tokens',
  {
    userId: uuid('user_id').notNull(),
    token: text('token').notNull(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.token, t.messageId] }),
    index('chat_search_tokens_session_idx').on(t.sessionId),
    index('chat_search_tokens_message_idx').on(t.messageId),
  ],
);

/**
 * Whether a person may chat: billing's newest verdict (`billing.chat-access.changed`, ADR 0066),
 * read against the clock at every message (`decideChatAccess`). `decided_at` is the occurrence time
 * of the verdict stored, so an older one arriving late changes nothing. `trial_tokens_remaining` is
 * also lowered by each metered reply, so the quota holds before billing's next word arrives.
 */
export const chatAccessVerdicts = pgTable('chat_access_verdicts', {
  userId: uuid('user_id').primaryKey(),
  allowed: boolean('allowed').notNull(),
  allowedUntil: at('allowed_until'),
  reason: text('reason').notNull(),
  access: text('access'),
  trialTokensRemaining: integer('trial_tokens_remaining'),
  decidedAt: at('decided_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * What the coach knows of a person beyond the conversation: the language they chose (settings
 * events) and their questionnaire answers (encrypted under their data key; `answers_revision` keeps
 * the newest snapshot only), and whether the coach has opened a first chat from those answers.
 */
export const coachProfiles = pgTable('coach_profiles', {
  userId: uuid('user_id').primaryKey(),
  language: text('language'),
  answersCiphertext: text('answers_ciphertext'),
  answersRevision: integer('answers_revision').notNull().default(0),
  questionnaireSubmitted: boolean('questionnaire_submitted').notNull().default(false),
  /** When the coach's personal opening of a first chat was made (at most once per person). */
  firstOpeningAt: at('first_opening_at'),
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

/**
 * A person's goal (docs/product.md#goals). The title and the progress notes (a JSON list) are
 * stored encrypted under the person's data key. `next_checkin_at` is when the check-in job next
 * reminds them (null for `none` and for goals no longer active); `checkin_due_at` is set by that
 * job and cleared when the coach has opened a chat with the check-in, so it is asked once.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    titleCiphertext: text('title_ciphertext').notNull(),
    notesCiphertext: text('notes_ciphertext'),
    checkin: text('checkin', { enum: ['daily', 'weekly', 'none'] }).notNull(),
    status: text('status', { enum: ['active', 'done', 'dropped'] }).notNull(),
    nextCheckinAt: at('next_checkin_at'),
    checkinDueAt: at('checkin_due_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('goals_user_idx').on(t.userId, t.createdAt),
    index('goals_next_checkin_idx').on(t.nextCheckinAt).where(sql`${t.nextCheckinAt} is not null`),
    check('goals_checkin_check', sql`${t.checkin} in ('daily', 'weekly', 'none')`),
    check('goals_status_check', sql`${t.status} in ('active', 'done', 'dropped')`),
  ],
);

/**
 * The weekly reflection e-mail (docs/product.md#goals), opt-in: `next_at` is when the next one is
 * due (null while off). No text of the person's here: the summary is made when it is due.
 */
export const reflectionSettings = pgTable('reflection_settings', {
  userId: uuid('user_id').primaryKey(),
  weekly: boolean('weekly').notNull().default(false),
  nextAt: at('next_at'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * What the coach remembers about a person (docs/product.md#memory, ADR 57): short items the person
 * sees, edits and deletes in the account area. The text is only ever stored encrypted under the
 * person's data key (AAD names the item id); kind and source are plain labels.
 */
export const memoryItems = pgTable(
  'memory_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', {
      enum: ['goal', 'value', 'person', 'helps', 'change', 'preference', 'other'],
    }).notNull(),
    source: text('source', { enum: ['questionnaire', 'conversation', 'person'] }).notNull(),
    textCiphertext: text('text_ciphertext').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('memory_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A person's memory switch (absent: on), and what was already drawn from: the questionnaire
 * revision its items came from (once), so a later event does not add them again.
 */
export const memorySettings = pgTable('memory_settings', {
  userId: uuid('user_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  questionnaireDrawn: boolean('questionnaire_drawn').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
});
