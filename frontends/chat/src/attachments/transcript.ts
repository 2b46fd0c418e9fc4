import { parseAttachmentNote } from '@innerview/contracts/chat-attachments';
import type { SentAttachment } from './types.ts';

/**
 * For a transcript (entries with id, role, content, hidden): the attachments shown on each visible
 * user message, by entry id. The chat service stores, just before a message with files, a hidden
 * note starting with the paperclip mark that names them (docs/product.md#input-rules; contracts/chat-attachments);
 * the note itself is never shown, its files appear on the message that follows it.
 */
export function attachmentsOfTranscript(
  entries: { id: string; role: string; content: string; hidden: boolean }[],
): Map<string, SentAttachment[]> {
  const byMessage = new Map<string, SentAttachment[]>();
  let pending: SentAttachment[] | null = null;
  for (const entry of entries) {
    if (entry.hidden) {
      const files = entry.role === 'user' ? parseAttachmentNote(entry.content) : null;
      if (files)
        pending = files.map(({ id, name, type, size }) => ({
          id,
          name,
          type,
          ...(size === undefined ? {} : { size }),
        }));
      continue;
    }
    if (entry.role === 'user' && pending && pending.length > 0) byMessage.set(entry.id, pending);
    pending = null;
  }
  return byMessage;
}
