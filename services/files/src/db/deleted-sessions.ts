import type { Queryable } from '@innerview/kit';
import { and, eq } from 'drizzle-orm';
import { deletedSessions } from './schema.ts';

export async function recordDeletedSession(q: Queryable, userId: string, sessionId: string, at: Date) {
  await q.insert(deletedSessions).values({ sessionId, userId, deletedAt: at }).onConflictDoNothing();
}

/** Whether the person deleted their session `sessionId` (another person's deletions never show). */
export async function isSessionDeleted(q: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await q
    .select({ sessionId: deletedSessions.sessionId })
    .from(deletedSessions)
    .where(and(eq(deletedSessions.sessionId, sessionId), eq(deletedSessions.userId, userId)));
  return row !== undefined;
}

export async function forgetDeletedSessions(q: Queryable, userId: string): Promise<void> {
  await q.delete(deletedSessions).where(eq(deletedSessions.userId, userId));
}
