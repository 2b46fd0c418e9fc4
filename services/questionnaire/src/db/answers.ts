import { firstRow, type Queryable } from '@innerview/kit';
import { and, asc, eq } from 'drizzle-orm';
import { answers } from './schema.ts';

export type AnswerRow = typeof answers.$inferSelect;

export async function listAnswerRows(q: Queryable, userId: string): Promise<AnswerRow[]> {
  return q.select().from(answers).where(eq(answers.userId, userId)).orderBy(asc(answers.step));
}

export async function findAnswerRow(
  q: Queryable,
  userId: string,
  step: number,
): Promise<AnswerRow | undefined> {
  return firstRow(
    q
      .select()
      .from(answers)
      .where(and(eq(answers.userId, userId), eq(answers.step, step)))
      .limit(1),
  );
}

export async function upsertAnswer(
  q: Queryable,
  values: { userId: string; step: number; answerCiphertext: string; answered: boolean },
  now: Date,
): Promise<AnswerRow> {
  const [row] = await q
    .insert(answers)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [answers.userId, answers.step],
      set: { answerCiphertext: values.answerCiphertext, answered: values.answered, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('answer upsert returned nothing');
  return row;
}

export async function deleteAnswers(q: Queryable, userId: string): Promise<number> {
  const deleted = await q.delete(answers).where(eq(answers.userId, userId)).returning({ step: answers.step });
  return deleted.length;
}
