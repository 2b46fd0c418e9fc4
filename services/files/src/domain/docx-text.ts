import { type ExtractedText, truncateText } from './text.ts';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return codePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10), whole);
    return ENTITIES[name] ?? whole;
  });
}

function codePoint(value: number, fallback: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}

/**
 * The text of a DOCX main part (`word/document.xml`): the runs' `<w:t>` text, paragraphs as lines,
 * tabs and breaks kept. One linear pass over the tags; no DTD, no entity expansion beyond the five
 * XML ones and character references, so no XML bomb can grow it.
 */
export function docxXmlToText(xml: string, maxChars: number): ExtractedText {
  const parts: string[] = [];
  let length = 0;
  let inText = false;
  const push = (piece: string) => {
    parts.push(piece);
    length += piece.length;
  };
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>|([^<]+)/g;
  for (let match = tag.exec(xml); match !== null; match = tag.exec(xml)) {
    const [, closing, name, selfClosing, text] = match;
    if (text !== undefined) {
      if (inText) push(decodeEntities(text));
    } else if (name === 'w:t') {
      inText = !closing && !selfClosing;
    } else if (closing && name === 'w:p') {
      push('\n');
    } else if (!closing && (name === 'w:tab' || name === 'w:ptab')) {
      push('\t');
    } else if (!closing && (name === 'w:br' || name === 'w:cr')) {
      push('\n');
    }
    // Past the cap only the truncation flag is still needed: one character more says it.
    if (length > maxChars) break;
  }
  return truncateText(
    parts
      .join('')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    maxChars,
  );
}
