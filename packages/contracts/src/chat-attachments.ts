import { ATTACHMENT_MESSAGE_MARK } from './chat.ts';

/**
 * The hidden attachment note (docs/product.md#hidden-message-kinds: a message starting with the paperclip mark). When a message
 * comes with files, the chat service stores, just before it, a hidden message naming the files, so
 * that a reloaded conversation can show which files were attached, and the coach knows in later
 * turns that they were. It holds names, types and ids only, never contents. The chat remote reads
 * it back with `parseAttachmentNote`.
 */
export interface AttachmentNoteFile {
  id: string;
  name: string;
  /** The detected media type, e.g. `application/pdf`. */
  type: string;
}

const HEADING = `${ATTACHMENT_MESSAGE_MARK} Attached files:`;
const LINE = /^- (.+) \(([a-z0-9.+/-]+), ([0-9a-f-]{36})\)$/i;

/** One line per file; control characters in names become spaces (a name cannot forge a line). */
export function formatAttachmentNote(files: AttachmentNoteFile[]): string {
  const lines = files.map((file) => {
    const name = file.name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim() || 'file';
    const type = /^[a-z0-9.+/-]+$/i.test(file.type) ? file.type : 'application/octet-stream';
    return `- ${name} (${type}, ${file.id})`;
  });
  return [HEADING, ...lines].join('\n');
}

/** The files of an attachment note, or null when the text is not one. */
export function parseAttachmentNote(text: string): AttachmentNoteFile[] | null {
  const [heading, ...lines] = text.trim().split('\n');
  if (heading?.trim() !== HEADING) return null;
  const files: AttachmentNoteFile[] = [];
  for (const line of lines) {
    const match = LINE.exec(line.trim());
    if (match) files.push({ name: match[1]!, type: match[2]!, id: match[3]! });
  }
  return files;
}
