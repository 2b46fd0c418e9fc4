import { z } from 'zod';

/** The longest search query, after trimming (`GET /chat-sessions/search?q=`). */
export const SEARCH_QUERY_MAX = 200;

export const ChatSearchResult = z
  .object({
    session_id: z.string(),
    session_title: z.string(),
    message_id: z.string(),
    snippet: z.string(),
    timestamp: z.string(),
  })
  .meta({ id: 'ChatSearchResult' });
export type ChatSearchResult = z.infer<typeof ChatSearchResult>;

/** Letters the accent strip leaves alone but a reader counts as two (ß, æ, œ, ø, ł). */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

/**
 * One character folded for search: lower case, accents removed, ligatures spelled out. The same
 * folding runs on the server (index and query) and in the browser (highlighting a snippet), so
 * "Über", "uber" and "ÜBER" are one word in all five languages.
 */
export function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return LIGATURES[lower] ?? lower.normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * `text` folded, with `origin[i]` the index in `text` of the character folded into position i
 * (a snippet is cut and highlighted in the original text at a match found in the folded one).
 */
export function foldWithOrigin(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let k = 0; k < piece.length; k += 1) origin.push(index);
    folded += piece;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct folded words of a text (two characters or more), in order of first appearance. */
export function searchWords(text: string): string[] {
  const { folded } = foldWithOrigin(text);
  const words = new Set<string>();
  for (const match of folded.matchAll(WORD)) if (match[0].length >= 2) words.add(match[0]);
  return [...words];
}

/**
 * Where the query's words occur in `text` as whole words (accents and case ignored), as ranges of
 * the original text, in order: what a snippet highlights.
 */
export function matchRanges(text: string, words: string[]): Array<[number, number]> {
  if (words.length === 0) return [];
  const wanted = new Set(words);
  const { folded, origin } = foldWithOrigin(text);
  const ranges: Array<[number, number]> = [];
  for (const match of folded.matchAll(WORD)) {
    if (!wanted.has(match[0])) continue;
    ranges.push([origin[match.index]!, origin[match.index + match[0].length]!]);
  }
  return ranges;
}
