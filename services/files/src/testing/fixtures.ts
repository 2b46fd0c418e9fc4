import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** Test files built byte by byte, so every test says exactly what it sends. */

/** A PDF with one text line per page (Helvetica, no compression). `catalogExtra` goes in the catalog. */
export function makePdf(pages: string[], catalogExtra = ''): Buffer {
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pages.forEach((text, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
    );
    const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF whose catalog holds arrays nested `depth` deep: a parser that recurses naively overflows. */
export function makeDeeplyNestedPdf(depth: number): Buffer {
  return makePdf(['nested'], `/Deep ${'['.repeat(depth)}${']'.repeat(depth)}`);
}

export interface ZipItem {
  name: string;
  data: Buffer;
  /** Default: deflate. */
  stored?: boolean;
  /** A lie in the central directory, as a crafted archive would tell. */
  declaredSize?: number;
}

/** A ZIP archive (no ZIP64). */
export function makeZip(items: ZipItem[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const name = Buffer.from(item.name, 'utf8');
    const data = item.stored ? item.data : deflateRawSync(item.data);
    const crc = crc32(item.data);
    const size = item.declaredSize ?? item.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(item.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(item.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The main part of a DOCX with one paragraph per entry. */
export function documentXml(paragraphs: string[]): string {
  return documentXmlWithBody(
    paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join(''),
  );
}

/** The main part of a DOCX around `body`, WordprocessingML written by hand. */
export function documentXmlWithBody(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

const contentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const rels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A minimal DOCX: content types, relationships and the main part. */
export function makeDocx(paragraphs: string[], extra: ZipItem[] = []): Buffer {
  return makeDocxOf(documentXml(paragraphs), extra);
}

/** A minimal DOCX whose main part is `xml`. */
export function makeDocxOf(xml: string, extra: ZipItem[] = []): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rels) },
    { name: 'word/document.xml', data: Buffer.from(xml) },
    ...extra,
  ]);
}

/** A DOCX-looking ZIP whose one entry inflates from kilobytes to `megabytes` MB of zeros. */
export function makeZipBombDocx(megabytes: number): Buffer {
  return makeDocx(
    ['Looks harmless'],
    [{ name: 'word/media/padding.bin', data: Buffer.alloc(megabytes * 1024 * 1024) }],
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real 2×2 RGB PNG; `text` adds `tEXt`/`iTXt`/`eXIf` chunks holding it (metadata to strip). */
export function makePng(text?: string): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  const chunks = [pngChunk('IHDR', header)];
  if (text) {
    chunks.push(pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')));
    chunks.push(pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0${text}`, 'utf8')));
    chunks.push(
      pngChunk('eXIf', Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.from(text)])),
    );
  }
  chunks.push(pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/** An EXIF block with a GPS position (as a phone camera writes it, in a TIFF structure). */
export function exifWithGps(latitude: string): Buffer {
  return Buffer.concat([
    Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'),
    // IFD0 with one entry: the GPS IFD pointer (tag 0x8825).
    Buffer.from([0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0x1a, 0, 0, 0, 0]),
    // GPS IFD: GPSLatitudeRef 'N', and the position as text for the test to look for.
    Buffer.from([0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 0x4e, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from(`GPSLatitude ${latitude}`, 'latin1'),
  ]);
}

/**
 * A baseline JPEG's structure (JFIF, quantisation and Huffman tables, frame, scan with stuffed
 * 0xFF00 and a restart marker, end); `exif` adds an APP1 segment, `comment` a COM segment.
 */
export function makeJpeg(options: { exif?: Buffer; comment?: string; trailing?: Buffer } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  parts.push(segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')));
  if (options.exif) parts.push(segment(0xe1, options.exif));
  if (options.comment) parts.push(segment(0xfe, Buffer.from(options.comment, 'latin1')));
  parts.push(segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])));
  parts.push(segment(0xc0, Buffer.from([8, 0, 2, 0, 2, 1, 1, 0x11, 0])));
  parts.push(segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.alloc(0)])));
  parts.push(segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])));
  parts.push(Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78]));
  parts.push(Buffer.from([0xff, 0xd9]));
  if (options.trailing) parts.push(options.trailing);
  return Buffer.concat(parts);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** An extended WebP (VP8X + VP8L image data); `metadata` adds EXIF and XMP chunks and sets their flags. */
export function makeWebp(metadata?: string): Buffer {
  const flags = metadata ? 0x08 | 0x04 : 0;
  const vp8x = Buffer.from([flags, 0, 0, 0, 1, 0, 0, 1, 0, 0]);
  const chunks = [
    riffChunk('VP8X', vp8x),
    // A real 2×2 red lossless image (as sharp encodes it), so decoders read it.
    riffChunk('VP8L', Buffer.from('2f014000000710fd8ffe0722a2ff01', 'hex')),
  ];
  if (metadata) {
    chunks.push(riffChunk('EXIF', Buffer.concat([Buffer.from('MM\0*'), Buffer.from(metadata)])));
    chunks.push(riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${metadata}</x:xmpmeta>`)));
  }
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** The start of a Windows executable (MZ header, PE signature): what a renamed `.exe` holds. */
export function makeExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return exe;
}

/** The start of a Linux executable (ELF header). */
export function makeElf(): Buffer {
  const elf = Buffer.alloc(256);
  elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  return elf;
}
