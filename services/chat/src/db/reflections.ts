import { firstRow, type Queryable } from '@innerview/kit';
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { chatMessages, reflectionSettings } from './schema.ts';

export type ReflectionRow = typeof reflectionSettings.$inferSelect;

export async function findReflection(q: Queryable, userId: string): Promise<ReflectionRow | undefined> {
  return firstRow(q.select().from(reflectionSettings).where(eq(reflectionSettings.userId, userId)).limit(1));
}

export async function saveReflection(
  q: Queryable,
  userId: string,
  weekly: boolean,
  nextAt: Date | null,
  now: Date,
): Promise<void> {
  await q
    .insert(reflectionSettings)
    .values({ userId, weekly, nextAt, updatedAt: now })
    .onConflictDoUpdate({ target: reflectionSettings.userId, set: { weekly, nextAt, updatedAt: now } });
}

export async function deleteReflection(q: Queryable, userId: string): Promise<void> {
  await q.delete(reflectionSettings).where(eq(reflectionSettings.userId, userId));
}

export function dueReflections(q: Queryable, now: Date, limit: number): Promise<ReflectionRow[]> {
  return q
    .select()
    .from(reflectionSettings)
    .where(
      and(
        eq(reflectionSettings.weekly, true),
        isNotNull(reflectionSettings.nextAt),
        lte(reflectionSettings.nextAt, now),
      ),
    )
    .orderBy(asc(reflectionSettings.nextAt))
    .limit(limit);
}

/** Moves the next reflection on, only if it is still the one read: one run publishes it. */
export async function advanceReflection(q: Queryable, row: ReflectionRow, next: Date): Promise<boolean> {
  const moved = await q
    .update(reflectionSettings)
    .set({ nextAt: next })
    .where(and(eq(reflectionSettings.userId, row.userId), eq(reflectionSettings.nextAt, row.nextAt!)))
    .returning({ userId: reflectionSettings.userId });
  return moved.length > 0;
}

/** The person's own messages of a week (what they wrote, not the coach's replies or hidden notes). */
export function messagesSince(q: Queryable, userId: string, since: Date) {
  return q
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.role, 'user'),
        eq(chatMessages.hidden, false),
        gte(chatMessages.createdAt, since),
      ),
    );
}
