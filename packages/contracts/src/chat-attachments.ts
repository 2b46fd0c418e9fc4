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
  /** Bytes, so a reloaded conversation shows each file's size as it did when sent. */
  size?: number;
}

const HEADING = `${ATTACHMENT_MESSAGE_MARK} Attached files:`;
// The size is optional: notes written before it was kept have none.
const LINE = /^- (.+) \(([a-z0-9.+/-]+), (?:(\d+) bytes, )?([0-9a-f-]{36})\)$/i;

/** One line per file; control characters in names become spaces (a name cannot forge a line). */
export function formatAttachmentNote(files: AttachmentNoteFile[]): string {
  const lines = files.map((file) => {
    const name = file.name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim() || 'file';
    const type = /^[a-z0-9.+/-]+$/i.test(file.type) ? file.type : 'application/octet-stream';
    const size = Number.isSafeInteger(file.size) && file.size! >= 0 ? `${file.size} bytes, ` : '';
    return `- ${name} (${type}, ${size}${file.id})`;
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
    if (!match) continue;
    const file: AttachmentNoteFile = { name: match[1]!, type: match[2]!, id: match[4]! };
    if (match[3] !== undefined) file.size = Number(match[3]);
    files.push(file);
  }
  return files;
}
