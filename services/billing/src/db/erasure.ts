import { kitOutbox, type Queryable } from '@innerview/kit';
import { and, eq, isNotNull } from 'drizzle-orm';
import { checkouts } from './schema.ts';

/**
 * What the 90-day erasure deletes besides the mail facts of the subscription row: the person's
 * checkouts (no accounting value) and billing's published events about them, whose mail events
 * carry the address and first name. Unpublished rows stay until the relay has sent them.
 */
export async function eraseUserTraces(q: Queryable, userId: string): Promise<void> {
  await q.delete(checkouts).where(eq(checkouts.userId, userId));
  await q.delete(kitOutbox).where(and(eq(kitOutbox.subject, userId), isNotNull(kitOutbox.publishedAt)));
}
