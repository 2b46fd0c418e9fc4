import type { Queryable } from '@innerview/kit';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { chatMessages } from './schema.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export async function insertMessage(q: Queryable, values: typeof chatMessages.$inferInsert): Promise<void> {
  await q.insert(chatMessages).values(values);
}

/** A session's messages in order (oldest first); `limit` keeps the newest ones. */
export async function listSessionMessages(
  q: Queryable,
  sessionId: string,
  options: { newest?: number } = {},
): Promise<MessageRow[]> {
  if (options.newest !== undefined) {
    const rows = await q
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(options.newest);
    return rows.reverse();
  }
  return q
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** Whether a message belongs to a session (the cursor of a transcript page must). */
export async function isSessionMessage(q: Queryable, sessionId: string, messageId: string): Promise<boolean> {
  const rows = await q
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, messageId)));
  return rows.length > 0;
}

/**
 * Up to `count` messages of a session just before the message `beforeId` (or the newest, without
 * it), oldest first, in the order of `listSessionMessages` (created_at, then id). The cursor's
 * position is compared in SQL, at the column's own precision: consecutive pages neither overlap
 * nor leave a gap, even between messages stored at the same instant.
 */
export async function listSessionMessagesBefore(
  q: Queryable,
  sessionId: string,
  count: number,
  beforeId?: string,
): Promise<MessageRow[]> {
  const older = beforeId
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select c.created_at, c.id from ${chatMessages} c where c.id = ${beforeId})`
    : undefined;
  const rows = await q
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), older))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(count);
  return rows.reverse();
}

/** A failed reply releases its lease; a retried one takes a new lease (`reply-leases.ts`). */
export async function setReplyFailed(
  q: Queryable,
  messageId: string,
  failed: boolean,
  lease?: { owner: string; until: Date },
): Promise<void> {
  await q
    .update(chatMessages)
    .set({
      replyFailed: failed,
      replyOwner: failed ? null : (lease?.owner ?? null),
      replyLeaseUntil: failed ? null : (lease?.until ?? null),
    })
    .where(eq(chatMessages.id, messageId));
}
