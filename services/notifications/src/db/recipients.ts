import type { Queryable } from '@innerview/kit';
import { eq } from 'drizzle-orm';
import { recipients } from './schema.ts';

export type Recipient = typeof recipients.$inferSelect;

export async function saveRecipient(
  q: Queryable,
  row: { userId: string; email: string; firstName: string; language: string },
): Promise<void> {
  const now = new Date();
  await q
    .insert(recipients)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: recipients.userId, set: { ...row, updatedAt: now } });
}

export async function saveRecipientLanguage(q: Queryable, userId: string, language: string): Promise<void> {
  await q.update(recipients).set({ language, updatedAt: new Date() }).where(eq(recipients.userId, userId));
}

export async function findRecipient(q: Queryable, userId: string): Promise<Recipient | undefined> {
  const [row] = await q.select().from(recipients).where(eq(recipients.userId, userId)).limit(1);
  return row;
}

export async function deleteRecipient(q: Queryable, userId: string): Promise<void> {
  await q.delete(recipients).where(eq(recipients.userId, userId));
}
