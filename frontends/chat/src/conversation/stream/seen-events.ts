/** docs/product.md#sending-a-chat-message and docs/product.md#timing: the stream de-duplication memory is cleared above this many entries. */
export const SEEN_EVENTS_LIMIT = 1000;

/**
 * Remembers which numbered pieces of which reply were already applied, so a piece delivered twice
 * (a reconnect that overlaps, a second reader) is appended once. Two guards: the highest id taken
 * per reply (a resume asks for what follows it), and a memory of the exact pieces, cleared when it
 * grows above `limit` entries so a long session does not keep every id it ever saw.
 */
export class SeenEvents {
  private readonly limit: number;
  private readonly seen = new Set<string>();
  private readonly highest = new Map<string, number>();

  constructor(limit = SEEN_EVENTS_LIMIT) {
    this.limit = limit;
  }

  /** True the first time `id` of `reply` comes; false for a repeat. */
  accept(reply: string, id: number): boolean {
    const key = `${reply}#${id}`;
    if (this.seen.has(key) || id <= (this.highest.get(reply) ?? -1)) return false;
    this.seen.add(key);
    this.highest.set(reply, id);
    if (this.seen.size > this.limit) this.seen.clear();
    return true;
  }

  /** The last piece id applied for `reply` (-1 before any): where a resume starts from. */
  lastId(reply: string): number {
    return this.highest.get(reply) ?? -1;
  }

  /** Starts a reply from a known point (a transcript that already holds pieces up to `id`). */
  startAt(reply: string, id: number): void {
    this.highest.set(reply, id);
  }

  /** How many exact pieces are remembered (for the tests of the clear). */
  get size(): number {
    return this.seen.size;
  }
}
