import { randomUUID } from 'node:crypto';
import type { ChatServiceContext } from '../../chat-context.ts';
import { failExpiredLeases, type ReplyLease, renewLeases } from '../../db/reply-leases.ts';

/**
 * Keeps this process's claim on the replies it is writing (ADR 0039). Each reply's user message
 * carries the process's instance id and a lease; the keeper renews them while replies run and, on
 * every replica, marks failed the replies whose writer stopped renewing (killed mid-reply), so the
 * person sees a failure to retry instead of a reply that never comes.
 */
export class ReplyLeaseKeeper {
  /** A new id per process: a restarted chat service never mistakes the dead one's replies for its own. */
  readonly owner = randomUUID();
  readonly #service: ChatServiceContext;
  readonly #leaseMs: number;
  readonly #running: () => number;
  #renewTimer: NodeJS.Timeout | undefined;
  #sweepTimer: NodeJS.Timeout | undefined;

  constructor(service: ChatServiceContext, options: { leaseMs: number; running: () => number }) {
    this.#service = service;
    this.#leaseMs = options.leaseMs;
    this.#running = options.running;
  }

  get leaseMs(): number {
    return this.#leaseMs;
  }

  /** The lease a reply starting now gets. */
  lease(): ReplyLease {
    return { owner: this.owner, until: new Date(this.#service.clock.now().getTime() + this.#leaseMs) };
  }

  /** Renews a third of a lease apart and sweeps half a lease apart; a first sweep runs at once. */
  start(): void {
    if (this.#renewTimer) return;
    this.#renewTimer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.#leaseMs / 3)));
    this.#sweepTimer = setInterval(() => void this.sweep(), Math.max(100, Math.floor(this.#leaseMs / 2)));
    this.#renewTimer.unref();
    this.#sweepTimer.unref();
    void this.sweep();
  }

  stop(): void {
    clearInterval(this.#renewTimer);
    clearInterval(this.#sweepTimer);
    this.#renewTimer = undefined;
    this.#sweepTimer = undefined;
  }

  async renew(): Promise<void> {
    if (this.#running() === 0) return;
    try {
      await renewLeases(this.#service.db, this.owner, this.lease().until);
    } catch (err) {
      // The database is away: the replies go on; their leases are renewed once it is back.
      this.#service.log.warn({ err: (err as Error)?.message }, 'reply leases not renewed');
    }
  }

  /** Fails the replies of writers that died; returns how many. */
  async sweep(): Promise<number> {
    try {
      const failed = await failExpiredLeases(this.#service.db, this.#service.clock.now(), this.owner);
      if (failed.length > 0)
        this.#service.log.warn({ replies: failed.length }, 'replies of a stopped chat process marked failed');
      return failed.length;
    } catch (err) {
      this.#service.log.warn({ err: (err as Error)?.message }, 'reply lease sweep failed');
      return 0;
    }
  }
}
