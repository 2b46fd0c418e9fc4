import type { EventEnvelope } from '@innerview/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { kitInbox, kitOutbox } from '../events/schema.ts';

/**
 * Waits until every event a service has written to its outbox so far (of `types`, when given) is
 * published and among the events a test collected from the bus. After it the collected events are
 * the whole story of what the service did, so a test that counts them ("each effect once", "no mail
 * to an unknown address") needs no pause to let stray events arrive. The work that writes them must
 * be over first (a request answered, a task awaited): this waits for delivery, not for that work.
 */
export async function everyEventDelivered(
  db: Db,
  collected: () => readonly Pick<EventEnvelope, 'id'>[],
  types?: readonly string[],
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const written = await db
      .select({ id: kitOutbox.id, publishedAt: kitOutbox.publishedAt })
      .from(kitOutbox)
      .where(types ? inArray(kitOutbox.type, [...types]) : undefined);
    const seen = new Set(collected().map((e) => e.id));
    const missing = written.filter((row) => row.publishedAt === null || !seen.has(row.id));
    if (missing.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${missing.length} written events not delivered within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the service behind `db` has handled `event` (its inbox row is there): applied, or
 * ignored as stale. A test then checks that a late event changed nothing, with no pause.
 */
export async function eventHandled(
  db: Db,
  event: Pick<EventEnvelope, 'id'>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await db.select().from(kitInbox).where(eq(kitInbox.eventId, event.id))).length === 0) {
    if (Date.now() > deadline) throw new Error(`event ${event.id} not handled within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
