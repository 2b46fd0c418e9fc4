import { firstRow, type Queryable } from '@innerview/kit';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { goals } from './schema.ts';

export type GoalRow = typeof goals.$inferSelect;
export type NewGoalRow = typeof goals.$inferInsert;

export async function insertGoal(q: Queryable, row: NewGoalRow): Promise<GoalRow> {
  const [saved] = await q.insert(goals).values(row).returning();
  return saved!;
}

export function listOwnGoals(q: Queryable, userId: string): Promise<GoalRow[]> {
  return q.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.createdAt), asc(goals.id));
}

export async function findOwnGoal(q: Queryable, userId: string, id: string): Promise<GoalRow | undefined> {
  return firstRow(
    q
      .select()
      .from(goals)
      .where(and(eq(goals.id, id), eq(goals.userId, userId)))
      .limit(1),
  );
}

export async function countActiveGoals(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.status, 'active')));
  return row?.n ?? 0;
}

export async function updateGoal(
  q: Queryable,
  userId: string,
  id: string,
  set: Partial<NewGoalRow>,
): Promise<GoalRow | undefined> {
  return firstRow(
    q
      .update(goals)
      .set(set)
      .where(and(eq(goals.id, id), eq(goals.userId, userId)))
      .returning(),
  );
}

export async function deleteOwnGoal(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q
    .delete(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .returning({ id: goals.id });
  return rows.length > 0;
}

export async function deleteUserGoals(q: Queryable, userId: string): Promise<void> {
  await q.delete(goals).where(eq(goals.userId, userId));
}

/** Active goals whose check-in time has come, oldest first (the check-in job's sweep). */
export function dueGoals(q: Queryable, now: Date, limit: number): Promise<GoalRow[]> {
  return q
    .select()
    .from(goals)
    .where(and(eq(goals.status, 'active'), isNotNull(goals.nextCheckinAt), lte(goals.nextCheckinAt, now)))
    .orderBy(asc(goals.nextCheckinAt))
    .limit(limit);
}

/**
 * Moves a goal's check-in on, only if it is still the one read (`was`): two sweeps running at once
 * (replicas, a late repeat) publish one event between them.
 */
export async function advanceCheckin(q: Queryable, row: GoalRow, next: Date, now: Date): Promise<boolean> {
  const moved = await q
    .update(goals)
    .set({ nextCheckinAt: next, checkinDueAt: row.nextCheckinAt, updatedAt: now })
    .where(and(eq(goals.id, row.id), eq(goals.nextCheckinAt, row.nextCheckinAt!), eq(goals.status, 'active')))
    .returning({ id: goals.id });
  return moved.length > 0;
}

/** The person's goal with a check-in not yet asked in a chat, the longest waiting first. */
export async function oldestPendingCheckin(q: Queryable, userId: string): Promise<GoalRow | undefined> {
  return firstRow(
    q
      .select()
      .from(goals)
      .where(and(eq(goals.userId, userId), eq(goals.status, 'active'), isNotNull(goals.checkinDueAt)))
      .orderBy(asc(goals.checkinDueAt))
      .limit(1),
  );
}

/** Marks the check-in asked; false when another call asked it first. */
export async function clearPendingCheckin(q: Queryable, row: GoalRow): Promise<boolean> {
  const cleared = await q
    .update(goals)
    .set({ checkinDueAt: null })
    .where(and(eq(goals.id, row.id), eq(goals.checkinDueAt, row.checkinDueAt!)))
    .returning({ id: goals.id });
  return cleared.length > 0;
}
