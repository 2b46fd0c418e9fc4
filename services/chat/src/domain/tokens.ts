/**
 * A rough token count (about four characters per token for the five languages), used where the
 * model reports no usage: the offline coach, an aborted reply, and the context budget.
 */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

/** The longest start of `text` within `tokens`, cut at a word boundary when one is near. */
export function truncateToTokens(text: string, tokens: number): string {
  const limit = Math.max(0, tokens * 4);
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${space > limit * 0.8 ? cut.slice(0, space) : cut}…`;
}
