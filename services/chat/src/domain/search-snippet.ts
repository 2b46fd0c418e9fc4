import { matchRanges } from '@innerview/contracts/chat-search';

/** How much of a message a search result shows around its first match. */
const BEFORE = 60;
const LENGTH = 180;

/**
 * A short excerpt of a matching message around its first match, cut at spaces, with "…" where it
 * was cut. Built at answer time from the decrypted message; never stored.
 */
export function searchSnippet(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= LENGTH) return flat;
  const first = matchRanges(flat, words)[0]?.[0] ?? 0;
  let start = Math.max(0, first - BEFORE);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space === -1 || space >= first ? start : space + 1;
  }
  let end = Math.min(flat.length, start + LENGTH);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
