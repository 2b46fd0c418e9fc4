import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { isZip, listZipEntries, type ZipBombReason, zipBombReason } from './zip.ts';

/** The kinds of file the service accepts (issue 8), each recognised by its content. */
export const FILE_KINDS = ['pdf', 'docx', 'png', 'jpeg', 'webp', 'text', 'markdown'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const MEDIA_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  text: 'text/plain',
  markdown: 'text/markdown',
};

export const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['png', 'jpeg', 'webp']);

export function kindOfMediaType(mediaType: string): FileKind | undefined {
  return FILE_KINDS.find((kind) => MEDIA_TYPES[kind] === mediaType);
}

export type Detection =
  | { ok: true; kind: FileKind }
  | { ok: false; reason: 'empty' | 'unsupported' | 'unreadable' }
  | { ok: false; reason: 'bomb'; bomb: ZipBombReason };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: ArrayLike<number>, at = 0) =>
  bytes.length >= at + prefix.length && Array.prototype.every.call(prefix, (b, i) => bytes[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * What a file is, from its bytes alone; the name only tells Markdown from plain text once the
 * content is text. A DOCX is a ZIP with `word/document.xml`, read from its central directory and
 * refused when that describes a bomb; any other ZIP (a renamed JAR, XLSX, …) is unsupported.
 * The four signatures we accept stay plain prefix checks (ADR 70): file-type names finer kinds
 * (an Illustrator PDF, an animated PNG) that are still the PDF or PNG we take, and it would open
 * a ZIP before our bomb check; it judges every other binary format.
 */
export async function detectFileKind(bytes: Buffer, name: string): Promise<Detection> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (startsWith(bytes, ascii('%PDF-'))) return { ok: true, kind: 'pdf' };
  if (startsWith(bytes, PNG)) return { ok: true, kind: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, kind: 'jpeg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { ok: true, kind: 'webp' };
  if (isZip(bytes)) return detectDocx(bytes);
  // Text last, and only when no binary format claims the bytes (an executable can be valid UTF-8).
  if (await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024))) return { ok: false, reason: 'unsupported' };
  if (isUtf8(bytes) && !bytes.includes(0))
    return { ok: true, kind: /\.(md|markdown)$/i.test(name) ? 'markdown' : 'text' };
  return { ok: false, reason: 'unsupported' };
}

function detectDocx(bytes: Buffer): Detection {
  let entries: ReturnType<typeof listZipEntries>;
  try {
    entries = listZipEntries(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const bomb = zipBombReason(entries);
  if (bomb) return { ok: false, reason: 'bomb', bomb };
  const names = new Set(entries.map((e) => e.name));
  if (names.has('word/document.xml') && names.has('[Content_Types].xml')) return { ok: true, kind: 'docx' };
  return { ok: false, reason: 'unsupported' };
}
