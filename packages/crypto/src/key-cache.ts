/**
 * Unwrapped data keys kept for a short while, so a burst of reads and writes for one user unwraps
 * once. Bounded in size (oldest out first) and in time: another replica's erasure is seen here at
 * the latest after `ttlMs`.
 */
export class KeyCache {
  readonly #entries = new Map<string, { key: Buffer; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; maxEntries: number; now: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now;
  }

  get(userId: string): Buffer | undefined {
    const entry = this.#entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(userId);
      return undefined;
    }
    return entry.key;
  }

  set(userId: string, key: Buffer): void {
    if (this.#ttlMs <= 0) return;
    this.#entries.delete(userId);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(userId, { key, expiresAt: this.#now() + this.#ttlMs });
  }

  delete(userId: string): void {
    this.#entries.delete(userId);
  }

  clear(): void {
    this.#entries.clear();
  }
}
