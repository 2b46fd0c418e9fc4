import type { Queryable } from '@innerview/kit';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chatMessages, chatSearchTokens, chatSessions } from './schema.ts';

export type SearchTokenRow = typeof chatSearchTokens.$inferInsert;

export async function insertSearchTokens(q: Queryable, rows: SearchTokenRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.insert(chatSearchTokens).values(rows).onConflictDoNothing();
}

/** A removed session leaves the index at once (its messages stay until the erasure). */
export async function deleteSessionTokens(q: Queryable, sessionId: string): Promise<void> {
  await q.delete(chatSearchTokens).where(eq(chatSearchTokens.sessionId, sessionId));
}

export async function deleteUserTokens(q: Queryable, userId: string): Promise<void> {
  await q.delete(chatSearchTokens).where(eq(chatSearchTokens.userId, userId));
}

/**
 * The person's current, visible messages holding every one of `tokens`, in sessions not removed,
 * newest first: one indexed lookup per token, grouped by message.
 */
export async function findByTokens(q: Queryable, userId: string, tokens: string[], limit: number) {
  const matches = q
    .select({ messageId: chatSearchTokens.messageId })
    .from(chatSearchTokens)
    .where(and(eq(chatSearchTokens.userId, userId), inArray(chatSearchTokens.token, tokens)))
    .groupBy(chatSearchTokens.messageId)
    .having(sql`count(*) = ${tokens.length}`)
    .as('matches');
  return q
    .select({ message: chatMessages, session: chatSessions })
    .from(matches)
    .innerJoin(chatMessages, eq(chatMessages.id, matches.messageId))
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.deleted, false),
        eq(chatMessages.hidden, false),
        isNull(chatMessages.supersededAt),
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
}
