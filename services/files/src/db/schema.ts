import { dataKeysTable } from '@innerview/crypto';
import { at } from '@innerview/kit/db-columns';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per uploaded file. Everything the person wrote or uploaded is encrypted under their
 * data key (`@innerview/crypto`, AAD `files.<id>.<field>`): the name, the description, the
 * extracted text here, and the contents in the storage under `storage_key`, a random name.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** The chat session the file was attached in; null until it is attached to one. */
    sessionId: uuid('session_id'),
    fileType: text('file_type', { enum: ['user_upload', 'chat_storage'] }).notNull(),
    /** Detected from the content, never taken from the client. */
    mediaType: text('media_type').notNull(),
    /** Bytes of the stored (metadata-stripped) contents before encryption; counts toward the quota. */
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    nameCiphertext: text('name_ciphertext').notNull(),
    descriptionCiphertext: text('description_ciphertext'),
    /** Null for images, which have no text. */
    textCiphertext: text('text_ciphertext'),
    textTruncated: boolean('text_truncated').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('files_user_created_idx').on(t.userId, t.createdAt),
    index('files_user_session_idx').on(t.userId, t.sessionId),
    check('files_file_type_check', sql`${t.fileType} in ('user_upload', 'chat_storage')`),
    check('files_size_check', sql`${t.sizeBytes} >= 0`),
  ],
);

/**
 * Stored objects whose rows are gone, waiting to be removed from the storage: the row deletion and
 * this entry commit together, a sweep deletes the object after the commit (storage is not
 * transactional), so a rolled-back deletion never loses a file and a crash never leaks one.
 */
export const blobDeletions = pgTable('blob_deletions', {
  storageKey: text('storage_key').primaryKey(),
  requestedAt: at('requested_at').notNull(),
});

/** Sessions chat deleted (`chat.session.deleted`): an upload into one of them is refused. */
export const deletedSessions = pgTable(
  'deleted_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    deletedAt: at('deleted_at').notNull(),
  },
  (t) => [index('deleted_sessions_user_idx').on(t.userId)],
);

/** Per-user data keys (wrapped by the master key); see `@innerview/crypto`. */
export const dataKeys = dataKeysTable();
