import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import { epochSeconds, type RevocationStore } from './revocation-store.ts';

/** Memory adapter: embedded mode, where auth and the gateway share this one instance. */
export class MemoryRevocationStore implements RevocationStore {
  private readonly until = new Map<string, number>();
  private readonly clock: Clock;
  private writes = 0;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? systemClock;
  }

  async revokeSession(sessionId: string, untilEpochSeconds: number): Promise<void> {
    const previous = this.until.get(sessionId) ?? 0;
    this.until.set(sessionId, Math.max(previous, untilEpochSeconds));
    // Expired entries are swept now and then so a long-running process does not grow without bound.
    if (++this.writes % 1000 === 0) this.sweep();
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const until = this.until.get(sessionId);
    if (until === undefined) return false;
    if (until <= epochSeconds(this.clock.now())) {
      this.until.delete(sessionId);
      return false;
    }
    return true;
  }

  async ping(): Promise<void> {}

  /** Lives as long as the process that restores it at start (embedded): nothing to lose apart. */
  async isComplete(): Promise<boolean> {
    return true;
  }

  async markComplete(): Promise<void> {}

  async close(): Promise<void> {}

  private sweep(): void {
    const now = epochSeconds(this.clock.now());
    for (const [sessionId, until] of this.until) if (until <= now) this.until.delete(sessionId);
  }
}
