import { docxXmlToText } from '../../domain/docx-text.ts';
import type { ExtractedText } from '../../domain/text.ts';
import { inflateZipEntries, listZipEntries, ZipFormatError, zipBombReason } from '../../domain/zip.ts';

const MAIN_PART = 'word/document.xml';

/**
 * The text of a DOCX. fflate inflates its main part within the ZIP limits (the bomb check first,
 * then the part capped at its declared size and 50 MB in all); `docxXmlToText` reads the lines out
 * of it in one pass. Why not mammoth: ADR 70.
 */
export async function extractDocxText(bytes: Uint8Array, maxChars: number): Promise<ExtractedText> {
  if (zipBombReason(listZipEntries(bytes))) throw new ZipFormatError('zip bomb');
  const main = inflateZipEntries(bytes, (name) => name === MAIN_PART).get(MAIN_PART);
  if (!main) throw new ZipFormatError('no word/document.xml');
  return docxXmlToText(new TextDecoder('utf-8').decode(main), maxChars);
}
