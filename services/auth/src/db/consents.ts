import { firstRow, type Queryable } from '@innerview/kit';
import { desc, eq } from 'drizzle-orm';
import { consents } from './schema.ts';

export type ConsentRow = typeof consents.$inferSelect;

export async function insertConsent(q: Queryable, values: typeof consents.$inferInsert): Promise<void> {
  await q.insert(consents).values(values);
}

export async function latestConsent(q: Queryable, userId: string): Promise<ConsentRow | undefined> {
  return firstRow(
    q.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.acceptedAt)).limit(1),
  );
}
