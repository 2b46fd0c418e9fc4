import { firstRow, type Queryable } from '@innerview/kit';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { chatMessages } from './schema.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export async function insertMessage(q: Queryable, values: typeof chatMessages.$inferInsert): Promise<void> {
  await q.insert(chatMessages).values(values);
}

/** The current branch (ADR 0058): an edited message or a regenerated reply leaves it. */
const current = isNull(chatMessages.supersededAt);

/** A session's current messages in order (oldest first); `limit` keeps the newest ones. */
export async function listSessionMessages(
  q: Queryable,
  sessionId: string,
  options: { newest?: number } = {},
): Promise<MessageRow[]> {
  if (options.newest !== undefined) {
    const rows = await q
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), current))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(options.newest);
    return rows.reverse();
  }
  return q
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), current))
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
    .where(and(eq(chatMessages.sessionId, sessionId), current, older))
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

/** One message of a session (any version), or undefined. */
export async function findSessionMessage(
  q: Queryable,
  sessionId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return firstRow(
    q
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, messageId))),
  );
}

/**
 * An edit replaces the person's message: it and every reply to it leave the current branch, kept
 * as versions (the message joins its version group, the replies name the message they answer).
 */
export async function supersedeExchange(
  q: Queryable,
  message: MessageRow,
  replyIds: string[],
  now: Date,
): Promise<void> {
  await q
    .update(chatMessages)
    .set({ supersededAt: now, versionGroup: message.versionGroup ?? message.id })
    .where(eq(chatMessages.id, message.id));
  await q
    .update(chatMessages)
    .set({
      supersededAt: sql`coalesce(${chatMessages.supersededAt}, ${now.toISOString()}::timestamptz)`,
      parentId: sql`coalesce(${chatMessages.parentId}, ${message.id}::uuid)`,
    })
    .where(
      or(
        eq(chatMessages.parentId, message.id),
        replyIds.length > 0 ? inArray(chatMessages.id, replyIds) : undefined,
      ),
    );
}

/** A regeneration replaces a reply (or gives it back when the new one kept nothing). */
export async function setReplySuperseded(
  q: Queryable,
  reply: MessageRow,
  parentId: string,
  at: Date | null,
): Promise<void> {
  await q
    .update(chatMessages)
    .set({
      supersededAt: at,
      versionGroup: reply.versionGroup ?? reply.id,
      parentId: reply.parentId ?? parentId,
    })
    .where(eq(chatMessages.id, reply.id));
}

/** Every version of the given groups in a session, oldest first. */
export async function listVersions(q: Queryable, sessionId: string, groups: string[]): Promise<MessageRow[]> {
  if (groups.length === 0) return [];
  return q
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), inArray(chatMessages.versionGroup, groups)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** The replies kept to any of these messages (each version's own), oldest first. */
export async function listRepliesTo(
  q: Queryable,
  sessionId: string,
  parentIds: string[],
): Promise<MessageRow[]> {
  if (parentIds.length === 0) return [];
  return q
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), inArray(chatMessages.parentId, parentIds)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}
