import { inflateRawSync } from 'node:zlib';
import { MAX_ZIP_ENTRIES, MAX_ZIP_RATIO, MAX_ZIP_UNCOMPRESSED_BYTES } from './limits.ts';

/** One entry of a ZIP's central directory. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else is not read. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The archive cannot be read as a plain (non-ZIP64, unencrypted, single-disk) ZIP. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/**
 * Reads the central directory (the index at the end of a ZIP), without inflating anything.
 * ZIP64 archives are refused: no DOCX of 10 MB needs one, and their 64-bit sizes would hide
 * what the bomb check reads.
 */
export interface ZipDirectory {
  /** The number of entries the archive says it has. */
  declaredEntries: number;
  /** The entries read; empty when there are too many to be worth reading. */
  entries: ZipEntry[];
}

export function readZipDirectory(bytes: Buffer): ZipDirectory {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE)
    throw new ZipFormatError('ZIP64 archives are not read');
  const disk = bytes.readUInt16LE(eocd + 4);
  const centralDisk = bytes.readUInt16LE(eocd + 6);
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (disk !== 0 || centralDisk !== 0) throw new ZipFormatError('multi-disk archives are not read');
  if (offset + size > eocd) throw new ZipFormatError('central directory out of bounds');
  // Counting stops early: a directory claiming a million entries is a bomb, not worth walking.
  if (count > MAX_ZIP_ENTRIES) return { declaredEntries: count, entries: [] };
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipFormatError('damaged central directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > offset + size) throw new ZipFormatError('damaged central directory');
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff)
      throw new ZipFormatError('ZIP64 entries are not read');
    entries.push(entry);
    at = end;
  }
  return { declaredEntries: count, entries };
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const last = bytes.length - EOCD_MIN;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (
      bytes.readUInt32LE(at) === EOCD_SIGNATURE &&
      at + EOCD_MIN + bytes.readUInt16LE(at + 20) <= bytes.length
    )
      return at;
  }
  return -1;
}

export type ZipBombReason = 'too-many-entries' | 'too-large' | 'ratio';

/**
 * Whether the directory describes a bomb: more than 1000 entries, more than 50 MB once inflated,
 * or inflating more than 100 times its compressed size overall. The ratio is judged only above
 * 1 MB inflated: small XML parts of an ordinary document can compress very well, and a small
 * archive cannot do harm whatever its ratio.
 */
export function zipBombReason({ declaredEntries, entries }: ZipDirectory): ZipBombReason | null {
  if (declaredEntries > MAX_ZIP_ENTRIES || entries.length > MAX_ZIP_ENTRIES) return 'too-many-entries';
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

/**
 * Inflates one entry. The declared size is a claim, not a fact: inflation stops with an error at
 * `min(declared, maxBytes)` bytes, so a directory that lies about sizes cannot inflate further.
 */
export function inflateZipEntry(bytes: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.flags & 0x1) throw new ZipFormatError('encrypted entry');
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new ZipFormatError('damaged local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipFormatError('entry out of bounds');
  const data = bytes.subarray(start, end);
  const limit = Math.min(entry.uncompressedSize, maxBytes);
  if (entry.method === 0) {
    if (data.length > limit) throw new ZipFormatError('entry larger than declared');
    return Buffer.from(data);
  }
  if (entry.method !== 8) throw new ZipFormatError('unsupported compression method');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, limit) });
  } catch {
    throw new ZipFormatError('entry does not inflate within its declared size');
  }
}
