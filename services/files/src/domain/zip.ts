import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { MAX_ZIP_ENTRIES, MAX_ZIP_RATIO, MAX_ZIP_UNCOMPRESSED_BYTES } from './limits.ts';

/** One entry of a ZIP's central directory, as fflate reads it (ZIP64 sizes included). */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** The archive cannot be read as a ZIP, or an entry inflates past what it may. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/** Thrown from fflate's filter to stop walking a directory that is already too long. */
class StopListing extends Error {}

/**
 * The central directory (the index at the end of a ZIP), read by fflate without inflating
 * anything: its filter sees each entry's name and sizes and answers "skip". Reading stops one
 * entry past the limit, so a directory claiming millions of entries costs no more than 1001.
 */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, compressedSize: file.size, uncompressedSize: file.originalSize });
        if (entries.length > MAX_ZIP_ENTRIES) throw new StopListing();
        return false;
      },
    });
  } catch (err) {
    if (!(err instanceof StopListing)) throw new ZipFormatError('unreadable central directory');
  }
  for (const entry of entries)
    if (!Number.isSafeInteger(entry.compressedSize) || !Number.isSafeInteger(entry.uncompressedSize))
      throw new ZipFormatError('damaged central directory');
  return entries;
}

export type ZipBombReason = 'too-many-entries' | 'too-large' | 'ratio';

/**
 * Whether the directory describes a bomb: more than 1000 entries, more than 50 MB once inflated,
 * or inflating more than 100 times its compressed size overall. The ratio is judged only above
 * 1 MB inflated: small XML parts of an ordinary document can compress very well, and a small
 * archive cannot do harm whatever its ratio.
 */
export function zipBombReason(entries: readonly ZipEntry[]): ZipBombReason | null {
  if (entries.length > MAX_ZIP_ENTRIES) return 'too-many-entries';
  let inflated = 0;
  let compressed = 0;
  for (const entry of entries) {
    inflated += entry.uncompressedSize;
    compressed += entry.compressedSize;
  }
  if (inflated > MAX_ZIP_UNCOMPRESSED_BYTES) return 'too-large';
  if (inflated > 1024 * 1024 && inflated > MAX_ZIP_RATIO * Math.max(1, compressed)) return 'ratio';
  return null;
}

/** Compressed bytes handed to fflate at a time: one push can inflate to ~1000× this at most. */
const PUSH_BYTES = 16 * 1024;

/**
 * Inflates the entries `wanted` names with fflate's streaming reader. The sizes an archive
 * declares are claims, not facts: inflation stops with an error once an entry outgrows its
 * declared size, or all of them together outgrow `maxBytes`, so a directory that lies about
 * sizes cannot make it inflate further.
 */
export function inflateZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  maxBytes: number = MAX_ZIP_UNCOMPRESSED_BYTES,
): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  let total = 0;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name) || parts.has(file.name)) return;
    if (file.compression !== 0 && file.compression !== 8)
      throw new ZipFormatError('unsupported compression method');
    const declared = file.originalSize ?? maxBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (err) throw err instanceof ZipFormatError ? err : new ZipFormatError('entry does not inflate');
      size += chunk.length;
      total += chunk.length;
      if (size > declared || total > maxBytes) throw new ZipFormatError('entry larger than declared');
      chunks.push(chunk);
      if (final) parts.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += PUSH_BYTES)
      unzip.push(bytes.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= bytes.length);
  } catch (err) {
    throw err instanceof ZipFormatError ? err : new ZipFormatError('damaged archive');
  }
  return parts;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
