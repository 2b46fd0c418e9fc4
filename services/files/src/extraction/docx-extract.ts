import docxReader, { type DocxFile } from 'mammoth/lib/docx/docx-reader.js';
import { docxTreeToText } from '../domain/docx-text.ts';
import type { ExtractedText } from '../domain/text.ts';
import { inflateZipEntries, listZipEntries, ZipFormatError, zipBombReason } from '../domain/zip.ts';

/** The parts mammoth reads for text: XML and relationships; pictures and other media are left packed. */
const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * The text of a DOCX. fflate inflates its XML parts within the ZIP limits (the bomb check first,
 * then every part capped at its declared size and 50 MB in all); mammoth reads those parts into its
 * document tree, and `docxTreeToText` turns that into lines. mammoth never sees the archive itself.
 */
export async function extractDocxText(bytes: Uint8Array, maxChars: number): Promise<ExtractedText> {
  if (zipBombReason(listZipEntries(bytes))) throw new ZipFormatError('zip bomb');
  const parts = inflateZipEntries(bytes, isTextPart);
  if (!parts.has('word/document.xml')) throw new ZipFormatError('no word/document.xml');
  const file: DocxFile = {
    exists: (name) => parts.has(name),
    read: async (name, encoding) => {
      const part = parts.get(name);
      if (!part) throw new ZipFormatError('missing part');
      return encoding ? new TextDecoder(encoding).decode(part) : part;
    },
  };
  const document = await docxReader.read(file);
  return docxTreeToText(document.value, maxChars);
}
