import { dataKeysTable } from '@innerview/crypto';
import { at } from '@innerview/kit/db-columns';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per person who started the questionnaire: where they are (status, docs/product.md#questionnaire-records) and, once
 * submitted, when and which steps they skipped. `revision` counts answer changes; it orders the
 * `questionnaire.answers.changed` snapshots, and the row is locked while an answer is written so
 * that a write and a submission cannot interleave.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    userId: uuid('user_id').primaryKey(),
    status: text('status', { enum: ['not_started', 'in_progress', 'completed', 'submitted'] }).notNull(),
    completedAt: at('completed_at'),
    submittedAt: at('submitted_at'),
    /** Steps without a non-blank answer at submission; null until submitted. */
    skippedSteps: integer('skipped_steps').array(),
    revision: integer('revision').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check(
      'questionnaires_status_check',
      sql`${t.status} in ('not_started', 'in_progress', 'completed', 'submitted')`,
    ),
    check(
      'questionnaires_submitted_check',
      sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`,
    ),
  ],
);

/**
 * One answer per step. The text is only ever stored encrypted under the person's data key
 * (`@innerview/crypto`, AAD `answers.question_N`); `answered` (non-blank) is kept beside it so
 * progress is known without decrypting.
 */
export const answers = pgTable(
  'answers',
  {
    userId: uuid('user_id').notNull(),
    step: smallint('step').notNull(),
    answerCiphertext: text('answer_ciphertext').notNull(),
    answered: boolean('answered').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.step] }),
    check('answers_step_check', sql`${t.step} between 1 and 8`),
  ],
);

/** Per-user data keys (wrapped by the master key); see `@innerview/crypto`. */
export const dataKeys = dataKeysTable();
