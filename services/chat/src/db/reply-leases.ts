import type { Queryable } from '@innerview/kit';
import { and, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { chatMessages } from './schema.ts';

/**
 * A user message's reply lease (ADR 0039): who is writing its reply, and until when that claim
 * holds without renewal. The columns are cleared in the transaction that keeps the reply, or when
 * the reply fails.
 */
export interface ReplyLease {
  owner: string;
  until: Date;
}

/** The lease columns to store with a user message whose reply starts now. */
export function leaseColumns(lease: ReplyLease): { replyOwner: string; replyLeaseUntil: Date } {
  return { replyOwner: lease.owner, replyLeaseUntil: lease.until };
}

/** Extends every lease this process still holds (one statement for all of its replies). */
export async function renewLeases(q: Queryable, owner: string, until: Date): Promise<void> {
  await q
    .update(chatMessages)
    .set({ replyLeaseUntil: until })
    .where(and(eq(chatMessages.replyOwner, owner), isNotNull(chatMessages.replyLeaseUntil)));
}

/** The reply was kept (or needs no lease any more): its message no longer waits for it. */
export async function releaseLease(q: Queryable, messageId: string): Promise<void> {
  await q
    .update(chatMessages)
    .set({ replyOwner: null, replyLeaseUntil: null })
    .where(eq(chatMessages.id, messageId));
}

/**
 * Marks failed the replies whose writer stopped renewing before `now` (it died), except this
 * process's own (it still renews them; a missed renewal during a database outage must not fail a
 * reply that is still being written). Returns the sessions affected.
 */
export async function failExpiredLeases(
  q: Queryable,
  now: Date,
  exceptOwner: string,
): Promise<{ messageId: string; sessionId: string }[]> {
  return q
    .update(chatMessages)
    .set({ replyFailed: true, replyOwner: null, replyLeaseUntil: null })
    .where(
      and(
        isNotNull(chatMessages.replyLeaseUntil),
        lt(chatMessages.replyLeaseUntil, now),
        ne(chatMessages.replyOwner, exceptOwner),
      ),
    )
    .returning({ messageId: chatMessages.id, sessionId: chatMessages.sessionId });
}

/** What the newest user message of a session says about its reply, when no stream holds it here. */
export type StoredReplyState =
  | { kind: 'none' }
  /** The newest message is the coach's: the reply was kept. */
  | { kind: 'replied' }
  | { kind: 'failed'; messageId: string }
  | { kind: 'leased'; messageId: string; owner: string; until: Date };

export async function storedReplyState(q: Queryable, sessionId: string): Promise<StoredReplyState> {
  const [last] = await q
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      replyFailed: chatMessages.replyFailed,
      owner: chatMessages.replyOwner,
      until: chatMessages.replyLeaseUntil,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        sql`not (${chatMessages.kind} = 'attachment')`,
        // An edited message or a regenerated reply is no longer the newest (ADR 0058).
        isNull(chatMessages.supersededAt),
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  if (!last) return { kind: 'none' };
  if (last.role !== 'user') return { kind: 'replied' };
  if (last.replyFailed) return { kind: 'failed', messageId: last.id };
  if (last.owner && last.until)
    return { kind: 'leased', messageId: last.id, owner: last.owner, until: last.until };
  return { kind: 'none' };
}

/** The person's sessions whose reply some chat process is writing now (its lease still holds). */
export async function leasedSessions(q: Queryable, userId: string, now: Date): Promise<string[]> {
  const rows = await q
    .selectDistinct({ sessionId: chatMessages.sessionId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        isNotNull(chatMessages.replyLeaseUntil),
        sql`${chatMessages.replyLeaseUntil} >= ${now.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => row.sessionId);
}
