import type { SentAttachment } from './types.ts';

/** For a transcript (entries with id, role, content, hidden): the attachments shown on each visible user message, by entry id. */
export function attachmentsOfTranscript(
  _entries: { id: string; role: string; content: string; hidden: boolean }[],
): Map<string, SentAttachment[]> {
  return new Map();
}
