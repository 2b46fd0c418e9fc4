import type { Queryable } from '@innerview/kit';
import { eq, sql } from 'drizzle-orm';
import type { QuestionnaireStatus } from '../domain/status.ts';
import { questionnaires } from './schema.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;

export async function findQuestionnaire(q: Queryable, userId: string): Promise<QuestionnaireRow | undefined> {
  const [row] = await q.select().from(questionnaires).where(eq(questionnaires.userId, userId)).limit(1);
  return row;
}

/**
 * The person's row, created if missing, locked until the transaction ends: answer writes, status
 * changes and the submission of one person run one after the other, so none slips past a submission.
 */
export async function lockQuestionnaire(q: Queryable, userId: string, now: Date): Promise<QuestionnaireRow> {
  await q
    .insert(questionnaires)
    .values({ userId, status: 'not_started', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await q.select().from(questionnaires).where(eq(questionnaires.userId, userId)).for('update');
  if (!row) throw new Error('questionnaire row vanished inside its transaction');
  return row;
}

export async function updateQuestionnaire(
  q: Queryable,
  userId: string,
  values: Partial<{
    status: QuestionnaireStatus;
    completedAt: Date | null;
    submittedAt: Date;
    skippedSteps: number[];
  }>,
  now: Date,
  options: { bumpRevision: boolean } = { bumpRevision: false },
): Promise<QuestionnaireRow> {
  const [row] = await q
    .update(questionnaires)
    .set({
      ...values,
      updatedAt: now,
      ...(options.bumpRevision ? { revision: sql`${questionnaires.revision} + 1` } : {}),
    })
    .where(eq(questionnaires.userId, userId))
    .returning();
  if (!row) throw new Error('questionnaire row vanished inside its transaction');
  return row;
}

export async function deleteQuestionnaire(q: Queryable, userId: string): Promise<void> {
  await q.delete(questionnaires).where(eq(questionnaires.userId, userId));
}
