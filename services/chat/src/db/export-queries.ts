import type { Queryable } from '@innerview/kit';
import { asc, eq } from 'drizzle-orm';
import { chatMessages, chatSessions } from './schema.ts';

export type ExportSessionRow = typeof chatSessions.$inferSelect;
export type ExportMessageRow = typeof chatMessages.$inferSelect;

/** Every session of the person, removed ones included (they are kept until the erasure), oldest first. */
export async function listAllSessions(q: Queryable, userId: string): Promise<ExportSessionRow[]> {
  return q
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(asc(chatSessions.createdAt), asc(chatSessions.id));
}

/** Every message of the person, in order within each session. */
export async function listAllMessages(q: Queryable, userId: string): Promise<ExportMessageRow[]> {
  return q
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}
