import { formatAttachmentNote } from '@innerview/contracts/chat-attachments';
import type { AttachmentSummary, AttachmentText } from '../../domain/coach-context.ts';
import type { AttachmentsRead } from './attachment-texts.ts';

/** What the coach is given of a message's files: the texts read, and notes on the rest. */
export function coachAttachments(read: AttachmentsRead): {
  texts: AttachmentText[];
  summary: AttachmentSummary;
} {
  const documents = read.files.filter((file) => !file.image);
  return {
    texts: documents
      .filter((file) => (file.text ?? '').trim() !== '')
      .map((file) => ({ name: file.name, text: file.text! })),
    summary: {
      unreadable: read.unreadable,
      empty: documents.filter((file) => (file.text ?? '').trim() === '').map((file) => file.name),
      images: read.files
        .filter((file) => file.image)
        .map((file) =>
          file.imageData
            ? { name: file.name, dataUrl: `data:${file.type};base64,${file.imageData}` }
            : { name: file.name },
        ),
    },
  };
}

/**
 * The hidden note stored before a message with files (names, types and ids; never contents), or
 * null when there is nothing to name (no files, or they could not be read).
 */
export function attachmentNote(read: AttachmentsRead): string | null {
  if (read.files.length === 0) return null;
  return formatAttachmentNote(
    read.files.map(({ id, name, type, size }) => ({
      id,
      name,
      type,
      ...(size === undefined ? {} : { size }),
    })),
  );
}
