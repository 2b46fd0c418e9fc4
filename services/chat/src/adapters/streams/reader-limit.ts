/**
 * Open reconnect streams per person in this process (issue 18: sixty resumes of one reply were all
 * held open). Each is a held connection, a follower and, across replicas, a Redis connection; a
 * person needs one per open tab or device, so a small cap costs nobody anything.
 */
export class ReaderLimit {
  readonly #open = new Map<string, number>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes a place for the person; false when they already hold the most. `release` gives it back. */
  take(userId: string): { release(): void } | null {
    const open = this.#open.get(userId) ?? 0;
    if (open >= this.#max) return null;
    this.#open.set(userId, open + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.#open.get(userId) ?? 1) - 1;
        if (left <= 0) this.#open.delete(userId);
        else this.#open.set(userId, left);
      },
    };
  }
}
