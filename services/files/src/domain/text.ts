/** Text read from a file for the coach; `truncated` when caps cut it. */
export interface ExtractedText {
  text: string;
  truncated: boolean;
}

/** At most `maxChars` UTF-16 units, never splitting a surrogate pair. */
export function truncateText(text: string, maxChars: number, truncated = false): ExtractedText {
  if (text.length <= maxChars) return { text, truncated };
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end), truncated: true };
}

/** A plain text or Markdown file's text: UTF-8 without its byte-order mark, line ends as `\n`. */
export function plainText(bytes: Uint8Array, maxChars: number): ExtractedText {
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).replace(/\r\n?/g, '\n');
  return truncateText(text, maxChars);
}
