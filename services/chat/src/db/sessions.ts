import type { Queryable } from '@innerview/kit';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { chatSessions } from './schema.ts';

export type SessionRow = typeof chatSessions.$inferSelect;

export async function insertSession(
  q: Queryable,
  values: typeof chatSessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await q.insert(chatSessions).values(values).returning();
  return row!;
}

/** The user's session, not deleted; undefined for another user's id (callers answer 404). */
export async function findOwnSession(
  q: Queryable,
  userId: string,
  sessionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SessionRow | undefined> {
  const query = q
    .select()
    .from(chatSessions)
    .where(
      and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.deleted, false)),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listOwnSessions(
  q: Queryable,
  userId: string,
  options: { onlyOpen?: boolean; limit: number; offset: number },
): Promise<SessionRow[]> {
  return q
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.deleted, false),
        options.onlyOpen ? isNull(chatSessions.closedAt) : undefined,
      ),
    )
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function updateSession(
  q: Queryable,
  sessionId: string,
  values: Partial<typeof chatSessions.$inferInsert>,
): Promise<SessionRow | undefined> {
  const [row] = await q.update(chatSessions).set(values).where(eq(chatSessions.id, sessionId)).returning();
  return row;
}

/** Adds a reply's tokens to the session's count (docs/product.md#chat-records `total_tokens`). */
export async function addSessionTokens(
  q: Queryable,
  sessionId: string,
  tokens: number,
  now: Date,
): Promise<void> {
  await q
    .update(chatSessions)
    .set({ totalTokens: sql`${chatSessions.totalTokens} + ${tokens}`, updatedAt: now })
    .where(eq(chatSessions.id, sessionId));
}

/** Close-all-sessions (logout): every open session of the user; returns their ids. */
export async function closeOpenSessions(q: Queryable, userId: string, now: Date): Promise<string[]> {
  const rows = await q
    .update(chatSessions)
    .set({ closedAt: now })
    .where(
      and(eq(chatSessions.userId, userId), eq(chatSessions.deleted, false), isNull(chatSessions.closedAt)),
    )
    .returning({ id: chatSessions.id });
  return rows.map((r) => r.id);
}

export async function deleteUserSessions(q: Queryable, userId: string): Promise<void> {
  await q.delete(chatSessions).where(eq(chatSessions.userId, userId));
}

/** The automatic title, unless the person named the session meanwhile. */
export async function setAutoTitle(q: Queryable, sessionId: string, titleCiphertext: string): Promise<void> {
  await q
    .update(chatSessions)
    .set({ titleCiphertext, titleSource: 'auto' })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.titleSource, 'default')));
}
