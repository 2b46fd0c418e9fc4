import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type ExtractedText, truncateText } from '../../domain/text.ts';

/**
 * The text of a PDF's first `maxPages` pages with pdf.js (Mozilla's parser, the one Firefox uses),
 * scripts and font loading off. Pages are separated by a blank line; lines end where pdf.js says.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  maxPages: number,
  maxChars: number,
): Promise<ExtractedText> {
  const document = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    verbosity: 0,
  }).promise;
  try {
    const pages = Math.min(document.numPages, maxPages);
    let text = '';
    for (let number = 1; number <= pages && text.length <= maxChars; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.hasEOL ? `${item.str}\n` : item.str;
      }
      text += '\n\n';
      page.cleanup();
    }
    return truncateText(text.replace(/[ \t]+\n/g, '\n').trim(), maxChars, document.numPages > maxPages);
  } finally {
    await document.destroy();
  }
}
