import { firstRow, type Queryable } from '@innerview/kit';
import { and, asc, count, eq } from 'drizzle-orm';
import { chatMessages, memoryItems, memorySettings } from './schema.ts';

export type MemoryItemRow = typeof memoryItems.$inferSelect;
export type MemorySettingsRow = typeof memorySettings.$inferSelect;

/** The person's items, oldest first. */
export function listMemoryItems(q: Queryable, userId: string): Promise<MemoryItemRow[]> {
  return q
    .select()
    .from(memoryItems)
    .where(eq(memoryItems.userId, userId))
    .orderBy(asc(memoryItems.createdAt), asc(memoryItems.id));
}

/** One of the person's items; another person's is not found. */
export async function findMemoryItem(
  q: Queryable,
  userId: string,
  id: string,
): Promise<MemoryItemRow | undefined> {
  return firstRow(
    q
      .select()
      .from(memoryItems)
      .where(and(eq(memoryItems.id, id), eq(memoryItems.userId, userId)))
      .limit(1),
  );
}

export async function countMemoryItems(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(memoryItems).where(eq(memoryItems.userId, userId));
  return row?.n ?? 0;
}

export async function insertMemoryItems(q: Queryable, rows: MemoryItemRow[]): Promise<void> {
  if (rows.length > 0) await q.insert(memoryItems).values(rows);
}

export async function updateMemoryItem(
  q: Queryable,
  userId: string,
  id: string,
  set: Partial<Pick<MemoryItemRow, 'kind' | 'textCiphertext' | 'updatedAt'>>,
): Promise<void> {
  await q
    .update(memoryItems)
    .set(set)
    .where(and(eq(memoryItems.id, id), eq(memoryItems.userId, userId)));
}

/** Whether an item was deleted (false: none of the person's has this id). */
export async function deleteMemoryItem(q: Queryable, userId: string, id: string): Promise<boolean> {
  const gone = await q
    .delete(memoryItems)
    .where(and(eq(memoryItems.id, id), eq(memoryItems.userId, userId)))
    .returning({ id: memoryItems.id });
  return gone.length > 0;
}

export async function findMemorySettings(
  q: Queryable,
  userId: string,
): Promise<MemorySettingsRow | undefined> {
  const [row] = await q.select().from(memorySettings).where(eq(memorySettings.userId, userId)).limit(1);
  return row;
}

export async function saveMemorySettings(
  q: Queryable,
  userId: string,
  set: Partial<Pick<MemorySettingsRow, 'enabled' | 'questionnaireDrawn'>>,
  now: Date,
): Promise<void> {
  await q
    .insert(memorySettings)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: memorySettings.userId, set: { ...set, updatedAt: now } });
}

/** Erasure: every item and the switch. */
export async function deleteUserMemory(q: Queryable, userId: string): Promise<void> {
  await q.delete(memoryItems).where(eq(memoryItems.userId, userId));
  await q.delete(memorySettings).where(eq(memorySettings.userId, userId));
}

/** The person's own messages in a session (no hidden notes, no failed ones): the summary step's rhythm. */
export async function countSessionMessages(q: Queryable, sessionId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        eq(chatMessages.role, 'user'),
        eq(chatMessages.kind, 'message'),
        eq(chatMessages.replyFailed, false),
      ),
    );
  return row?.n ?? 0;
}
