import { type ExtractedText, truncateText } from './text.ts';

/** The part of mammoth's document tree that text is read from (`mammoth/lib/documents.js`). */
export interface DocxNode {
  type: string;
  value?: string;
  children?: DocxNode[];
}

/**
 * The text of a DOCX's document tree as mammoth reads it: runs' text, paragraphs (table cells'
 * included) as lines, tabs and line breaks kept, at most three line ends in a row. mammoth already
 * leaves deleted revisions out. Walking stops one character past the cap: that says "truncated".
 */
export function docxTreeToText(root: DocxNode, maxChars: number): ExtractedText {
  const parts: string[] = [];
  let length = 0;
  const push = (piece: string) => {
    parts.push(piece);
    length += piece.length;
  };
  const visit = (node: DocxNode): void => {
    if (length > maxChars) return;
    if (node.type === 'text') push(node.value ?? '');
    else if (node.type === 'tab') push('\t');
    else if (node.type === 'break') push('\n');
    else {
      for (const child of node.children ?? []) visit(child);
      if (node.type === 'paragraph') push('\n');
    }
  };
  visit(root);
  return truncateText(
    parts
      .join('')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    maxChars,
  );
}
