import type { ChatContext } from '../chat-context.ts';
import { listAllMessages, listAllSessions } from '../db/export-queries.ts';
import { listOwnGoals } from '../db/goals.ts';
import { goalView } from './goals.ts';
import { listMemory, memoryEnabled } from './memory.ts';
import { reflectionSetting } from './reflections.ts';
import { decryptMessage, sessionTitle } from './stored-text.ts';

/**
 * The person's chats for their data export (ADR 17): every stored session with its title and
 * every message, decrypted, with times and token counts. Removed sessions are included while they
 * are still stored (until the 90-day erasure), marked `deleted`. Messages the chat hides (the
 * questionnaire and attachment markers) are theirs too, so they come flagged, not left out. A
 * reply still being written is not in it yet; the rest of it is stored when it ends. The memory
 * items come with where each came from.
 */
export async function exportChat(chat: ChatContext, userId: string): Promise<Record<string, unknown>> {
  const db = chat.service.db;
  const [sessions, messages] = await Promise.all([listAllSessions(db, userId), listAllMessages(db, userId)]);
  const bySession = Map.groupBy(messages, (message) => message.sessionId);
  const goals = await listOwnGoals(db, userId);
  // What the coach remembers (docs/product.md#memory), decrypted, and whether memory is on.
  const [memoryItems, enabled] = await Promise.all([listMemory(chat, userId), memoryEnabled(chat, userId)]);
  return {
    memory: { enabled, items: memoryItems },
    // docs/product.md#goals: the person's goals with their progress notes, decrypted.
    goals: await Promise.all(goals.map((goal) => goalView(chat, goal))),
    weekly_reflection: (await reflectionSetting(chat, userId)).weekly_reflection,
    sessions: await Promise.all(
      sessions.map(async (session) => ({
        id: session.id,
        session_title: await sessionTitle(chat, session),
        created_at: session.createdAt.toISOString(),
        updated_at: session.updatedAt.toISOString(),
        deleted: session.deleted,
        deleted_at: session.deletedAt?.toISOString() ?? null,
        total_tokens: session.totalTokens,
        messages: await Promise.all(
          (bySession.get(session.id) ?? []).map(async (message) => ({
            role: message.role,
            content: await decryptMessage(chat, message),
            timestamp: message.createdAt.toISOString(),
            kind: message.kind,
            hidden: message.hidden,
            ...(message.role === 'assistant' ? { status: message.status } : {}),
            tokens: message.tokens,
            file_ids: message.fileIds ?? [],
            // An earlier version, replaced by an edit or a regeneration (ADR 0058).
            ...(message.supersededAt ? { superseded: true } : {}),
          })),
        ),
      })),
    ),
  };
}
