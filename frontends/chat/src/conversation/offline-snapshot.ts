import { type OfflineConversation, saveOfflineConversation } from '@innerview/api-client';
import { useEffect } from 'react';
import type { ChatMessage, ConversationPhase } from './conversation-state.ts';

/**
 * What is kept of the conversation on screen for reading offline (the shell's offline page):
 * its title and the messages the person sees, without ids, attachments or failure details.
 * Null while there is nothing finished to keep (a new chat, a reply still being written).
 */
export function offlineSnapshot(
  sessionId: string | null,
  title: string | null,
  phase: ConversationPhase,
  shown: ChatMessage[],
  now: Date = new Date(),
): OfflineConversation | null {
  if (!sessionId || title === null || phase !== 'idle') return null;
  const messages = shown
    .filter((m) => !m.hidden && !m.isStreaming && m.content.trim() !== '')
    .map(({ role, content, timestamp }) => ({ role, content, timestamp }));
  if (messages.length === 0) return null;
  return { sessionId, title, savedAt: now.toISOString(), messages };
}

/** Keeps the last opened conversation readable offline, each time a reply has finished or it opens. */
export function useOfflineSnapshot(
  sessionId: string | null,
  title: string | null,
  phase: ConversationPhase,
  shown: ChatMessage[],
): void {
  useEffect(() => {
    const snapshot = offlineSnapshot(sessionId, title, phase, shown);
    if (snapshot) void saveOfflineConversation(snapshot).catch(() => {});
  }, [sessionId, title, phase, shown]);
}
