/** FNV-1a: the same message always picks the same wording (the coach is deterministic). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length]!;
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '');
}

/** The longest fixed part of a template: what shows in a reply that used it. */
export function marker(template: string): string {
  return (
    template
      .split(/\{\w\}/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0] ?? template
  );
}

/**
 * A template of the pool that none of the session's earlier replies used, chosen by the seed; null
 * when every one was used. This is what keeps two replies of a session from sounding alike.
 */
export function pickFresh(pool: readonly string[], seed: number, earlier: readonly string[]): string | null {
  const fresh = pool.filter((template) => !earlier.some((reply) => reply.includes(marker(template))));
  return fresh.length > 0 ? pick(fresh, seed) : null;
}

/** Upper case first letter (a topic phrase that starts a sentence). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
