import { toLanguageCode } from '@innerview/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext } from '../chat-context.ts';
import { clearPendingCheckin, oldestPendingCheckin } from '../db/goals.ts';
import { insertMessage } from '../db/messages.ts';
import { findProfile } from '../db/profiles.ts';
import { insertSession } from '../db/sessions.ts';
import { checkinOpening } from '../domain/goals.ts';
import { goalTitle } from './goals.ts';
import { indexMessage, searchRows } from './search.ts';
import { encryptMessage } from './stored-text.ts';

/**
 * docs/product.md#goals "Check-ins": a new chat opened while a check-in is due starts with the
 * coach's question about that goal, asked once (the pending mark is cleared in the same
 * transaction as the session is made; a second call finds nothing). Null when nothing is due.
 */
export async function openWithCheckin(
  chat: ChatContext,
  userId: string,
): Promise<{ session_id: string; goal_id: string } | null> {
  const db = chat.service.db;
  const goal = await oldestPendingCheckin(db, userId);
  if (!goal || goal.checkin === 'none') return null;
  const profile = await findProfile(db, userId);
  const language = toLanguageCode(profile?.language) ?? 'en';
  const text = checkinOpening(language, goal.checkin, await goalTitle(chat, goal));
  const sessionId = uuidv7();
  const messageId = uuidv7();
  const content = await encryptMessage(chat, userId, messageId, text);
  // The coach's question is a visible message like any other: found by search (ADR 0063).
  const tokens = await searchRows(chat, { userId, sessionId, messageId, text });
  const now = chat.service.clock.now();
  const opened = await chat.service.transaction(async (tx) => {
    if (!(await clearPendingCheckin(tx, goal))) return false;
    await insertSession(tx, {
      id: sessionId,
      userId,
      titleCiphertext: null,
      titleSource: 'default',
      createdAt: now,
      updatedAt: now,
    });
    await insertMessage(tx, {
      id: messageId,
      sessionId,
      userId,
      role: 'assistant',
      kind: 'message',
      contentCiphertext: content,
      status: 'complete',
      searchIndexedAt: now,
      createdAt: now,
    });
    await indexMessage(tx, tokens);
    return true;
  });
  return opened ? { session_id: sessionId, goal_id: goal.id } : null;
}
