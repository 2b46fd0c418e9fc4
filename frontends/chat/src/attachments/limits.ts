import type { SelectedAttachment } from './types.ts';

/** The files service's limits (services/files README), checked here first so no upload is wasted. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_MESSAGE = 5;

/** The kinds the files service accepts (it decides by content; the browser can only judge by name and type). */
const KINDS = [
  { label: 'PDF', types: ['application/pdf'], extensions: ['pdf'] },
  { label: 'TXT', types: ['text/plain'], extensions: ['txt', 'text'] },
  { label: 'MD', types: ['text/markdown', 'text/x-markdown'], extensions: ['md', 'markdown'] },
  {
    label: 'DOCX',
    types: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    extensions: ['docx'],
  },
  { label: 'PNG', types: ['image/png'], extensions: ['png'] },
  { label: 'JPEG', types: ['image/jpeg'], extensions: ['jpg', 'jpeg'] },
  { label: 'WEBP', types: ['image/webp'], extensions: ['webp'] },
] as const;

/** For the file picker's `accept`. */
export const ACCEPTED_FILES = KINDS.flatMap((kind) => [
  ...kind.types,
  ...kind.extensions.map((ext) => `.${ext}`),
]).join(',');

const extensionOf = (name: string) => name.split('.').at(-1)?.toLowerCase() ?? '';

/** A short, language-neutral label of a file's format (PDF, PNG …), or null when not accepted. */
export function fileKindLabel(name: string, type: string): string | null {
  const ext = extensionOf(name);
  const kind =
    KINDS.find((k) => (k.types as readonly string[]).includes(type)) ??
    KINDS.find((k) => (k.extensions as readonly string[]).includes(ext));
  return kind?.label ?? null;
}

export const isImage = (name: string, type: string) =>
  type.startsWith('image/') || ['png', 'jpg', 'jpeg', 'webp'].includes(extensionOf(name));

export type RefusalReason = 'tooLarge' | 'empty' | 'type' | 'tooMany';
export type Refusal = { name: string; reason: RefusalReason };

/** Which of `incoming` may join `current`, and why the others may not. */
export function checkFiles(
  current: SelectedAttachment[],
  incoming: File[],
): { accepted: File[]; refused: Refusal[] } {
  const accepted: File[] = [];
  const refused: Refusal[] = [];
  for (const file of incoming) {
    let reason: RefusalReason | null = null;
    if (fileKindLabel(file.name, file.type) === null) reason = 'type';
    else if (file.size === 0) reason = 'empty';
    else if (file.size > MAX_FILE_BYTES) reason = 'tooLarge';
    else if (current.length + accepted.length >= MAX_FILES_PER_MESSAGE) reason = 'tooMany';
    if (reason) refused.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}
