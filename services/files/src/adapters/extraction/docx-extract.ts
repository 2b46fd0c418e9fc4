import { docxXmlToText } from '../../domain/docx-text.ts';
import { MAX_ZIP_UNCOMPRESSED_BYTES } from '../../domain/limits.ts';
import type { ExtractedText } from '../../domain/text.ts';
import { inflateZipEntry, readZipDirectory, ZipFormatError, zipBombReason } from '../../domain/zip.ts';

/** The text of a DOCX: its main part inflated (capped), then read by `docxXmlToText`. */
export function extractDocxText(bytes: Buffer, maxChars: number): ExtractedText {
  const directory = readZipDirectory(bytes);
  if (zipBombReason(directory)) throw new ZipFormatError('zip bomb');
  const main = directory.entries.find((e) => e.name === 'word/document.xml');
  if (!main) throw new ZipFormatError('no word/document.xml');
  const xml = inflateZipEntry(bytes, main, MAX_ZIP_UNCOMPRESSED_BYTES).toString('utf8');
  return docxXmlToText(xml, maxChars);
}
