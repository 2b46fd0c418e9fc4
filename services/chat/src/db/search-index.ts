import type { Queryable, Tx } from '@innerview/kit';
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

/** A message the search index may still lack (ADR 0063): what the backfill needs of it. */
export type UnindexedMessage = Pick<
  typeof chatMessages.$inferSelect,
  'id' | 'userId' | 'sessionId' | 'hidden' | 'contentCiphertext'
>;

/** Up to `limit` messages not yet indexed, after `afterId` in id order (the partial index). */
export function unindexedMessages(q: Queryable, afterId: string | null, limit: number) {
  return q
    .select({
      id: chatMessages.id,
      userId: chatMessages.userId,
      sessionId: chatMessages.sessionId,
      hidden: chatMessages.hidden,
      contentCiphertext: chatMessages.contentCiphertext,
    })
    .from(chatMessages)
    .where(
      and(isNull(chatMessages.searchIndexedAt), afterId ? sql`${chatMessages.id} > ${afterId}` : undefined),
    )
    .orderBy(chatMessages.id)
    .limit(limit);
}

/**
 * Marks as indexed those of `ids` still unmarked and not held by another transaction (a second
 * replica on the same batch, a reply being stored): locked in id order, the busy ones skipped and
 * left for a later run. Returns the ids this transaction now owns; the caller writes their tokens.
 */
export async function claimUnindexed(tx: Tx, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const free = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(inArray(chatMessages.id, ids), isNull(chatMessages.searchIndexedAt)))
    .orderBy(chatMessages.id)
    .for('update', { skipLocked: true });
  if (free.length === 0) return [];
  const claimed = await tx
    .update(chatMessages)
    .set({ searchIndexedAt: now })
    .where(
      inArray(
        chatMessages.id,
        free.map((row) => row.id),
      ),
    )
    .returning({ id: chatMessages.id });
  return claimed.map((row) => row.id);
}

/**
 * Which of these sessions are not removed, each held (FOR SHARE) until the transaction ends: a
 * removal waits, then deletes the tokens written here too; one that came first is seen.
 */
export async function liveSessionsLocked(tx: Tx, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(inArray(chatSessions.id, sessionIds), eq(chatSessions.deleted, false)))
    .orderBy(chatSessions.id)
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/** How many messages wait for the backfill. */
export async function countUnindexed(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(isNull(chatMessages.searchIndexedAt));
  return row?.n ?? 0;
}
