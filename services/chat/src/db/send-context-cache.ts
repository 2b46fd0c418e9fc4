import type { Clock, Queryable } from '@innerview/kit';
import { findSendContext, type SendContext } from './send-context.ts';

/** How long a person's access and profile are reused between messages without asking the database. */
export const SEND_CONTEXT_TTL_MS = 2_000;
/**
 * After a change is announced, nothing of that person is cached for this long: the change is
 * written in a transaction that commits after the handler returns, and a read between the two
 * would otherwise keep the old answer for a whole TTL.
 */
export const SEND_CONTEXT_QUIET_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * A short-lived cache of `findSendContext` (ADR 21): under load the read before each reply is the
 * largest wait before its first word. Correctness comes from `forget`, called by every projection
 * handler that changes access or profile (subscription, payment, language, answers, erasure) and
 * after a metered reply: the next message reads the database again. Whether access is allowed is
 * still decided per message against the clock (an expired period is refused at once). With several
 * chat replicas an event is handled by one of them; the others see it within the TTL.
 */
export class SendContextCache {
  private readonly entries = new Map<string, { value: SendContext; until: number }>();
  private readonly quietUntil = new Map<string, number>();
  private readonly clock: () => number;

  constructor(clock: Clock) {
    this.clock = () => clock.now().getTime();
  }

  async get(q: Queryable, userId: string): Promise<SendContext> {
    const hit = this.entries.get(userId);
    if (hit && hit.until > this.clock()) return hit.value;
    const quietBefore = this.quietUntil.get(userId);
    const value = await findSendContext(q, userId);
    const now = this.clock();
    const quiet = this.quietUntil.get(userId);
    // A change announced while the read ran (or shortly before) may not be in it: do not keep it.
    if (quiet === quietBefore && (quiet === undefined || quiet <= now)) {
      if (quiet !== undefined) this.quietUntil.delete(userId);
      this.entries.delete(userId);
      this.entries.set(userId, { value, until: now + SEND_CONTEXT_TTL_MS });
      // Oldest first: Map keeps insertion order.
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** The person's access or profile changed (or is about to be committed): read it again next time. */
  forget(userId: string): void {
    this.entries.delete(userId);
    this.quietUntil.set(userId, this.clock() + SEND_CONTEXT_QUIET_MS);
    if (this.quietUntil.size > MAX_ENTRIES) {
      const now = this.clock();
      for (const [id, until] of this.quietUntil) if (until <= now) this.quietUntil.delete(id);
    }
  }
}

const caches = new WeakMap<object, SendContextCache>();

/**
 * The cache of one running chat service (keyed by its context object), on the service's clock, so
 * that a test moves past the TTL and the quiet time instead of waiting them out.
 */
export function sendContextCache(service: { clock: Clock }): SendContextCache {
  let cache = caches.get(service);
  if (!cache) {
    cache = new SendContextCache(service.clock);
    caches.set(service, cache);
  }
  return cache;
}
