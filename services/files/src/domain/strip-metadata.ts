import type { FileKind } from './detect-type.ts';

/** The image's structure cannot be followed: it is damaged or not the format it claims. */
export class ImageFormatError extends Error {
  override name = 'ImageFormatError';
}

/**
 * The image without its metadata (location, camera, author, software, embedded text): rewritten
 * at the byte level, pixels untouched, anything after the image's end marker dropped (so nothing
 * can ride along behind it). Other kinds are returned as they are.
 */
export function stripImageMetadata(kind: FileKind, bytes: Buffer): Buffer {
  if (kind === 'jpeg') return stripJpeg(bytes);
  if (kind === 'png') return stripPng(bytes);
  if (kind === 'webp') return stripWebp(bytes);
  return bytes;
}

const need = (bytes: Buffer, end: number) => {
  if (end > bytes.length) throw new ImageFormatError('truncated image');
};

/** JPEG: drops APP1–APP15 (EXIF, XMP, ICC, IPTC, …) and COM segments; keeps APP0 (JFIF). */
function stripJpeg(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    need(bytes, at + 2);
    if (bytes[at] !== 0xff) throw new ImageFormatError('marker expected');
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at + 1] === 0xff) {
      at++;
      need(bytes, at + 2);
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) {
      out.push(bytes.subarray(at, at + 2));
      return Buffer.concat(out);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    need(bytes, at + 4);
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) throw new ImageFormatError('bad segment length');
    const end = at + 2 + length;
    need(bytes, end);
    const metadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!metadata) out.push(bytes.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // Entropy-coded scan data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let scan = at;
      while (scan < bytes.length) {
        if (bytes[scan] === 0xff && scan + 1 < bytes.length) {
          const next = bytes[scan + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            scan += 2;
            continue;
          }
          break;
        }
        scan++;
      }
      out.push(bytes.subarray(at, scan));
      at = scan;
      // A file cut right after its scan data still shows: end it properly.
      if (at >= bytes.length - 1) {
        out.push(Buffer.from([0xff, 0xd9]));
        return Buffer.concat(out);
      }
    }
  }
}

const PNG_METADATA_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf']);

/** PNG: drops the text chunks and `eXIf`; stops at `IEND`. */
function stripPng(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  let first = true;
  for (;;) {
    need(bytes, at + 12);
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    need(bytes, end);
    if (first && type !== 'IHDR') throw new ImageFormatError('IHDR expected');
    first = false;
    if (!PNG_METADATA_CHUNKS.has(type)) out.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** WebP: drops the `EXIF` and `XMP ` chunks and clears their flags in `VP8X`. */
function stripWebp(bytes: Buffer): Buffer {
  need(bytes, 12);
  const riffEnd = 8 + bytes.readUInt32LE(4);
  need(bytes, riffEnd);
  const chunks: Buffer[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const fourcc = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw new ImageFormatError('chunk out of bounds');
    const chunk = Buffer.from(bytes.subarray(at, Math.min(end, riffEnd)));
    if (fourcc === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
    if (fourcc !== 'EXIF' && fourcc !== 'XMP ') chunks.push(chunk);
    at = end;
  }
  if (chunks.length === 0) throw new ImageFormatError('no image data');
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
