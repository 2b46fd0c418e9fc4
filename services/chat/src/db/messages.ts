import type { Queryable } from '@innerview/kit';
import { asc, desc, eq } from 'drizzle-orm';
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

export async function setReplyFailed(q: Queryable, messageId: string, failed: boolean): Promise<void> {
  await q.update(chatMessages).set({ replyFailed: failed }).where(eq(chatMessages.id, messageId));
}
