import { kitOutbox, type Queryable } from '@innerview/kit';
import { and, eq, isNotNull } from 'drizzle-orm';
import { checkouts, payments, subscriptionHistory, subscriptions } from './schema.ts';

/**
 * What the 90-day erasure deletes: the person's checkouts (no accounting value) and billing's
 * published events about them, whose mail events carry the address and first name. Unpublished
 * rows stay until the relay has sent them.
 */
export async function eraseUserTraces(q: Queryable, userId: string): Promise<void> {
  await q.delete(checkouts).where(eq(checkouts.userId, userId));
  await q.delete(kitOutbox).where(and(eq(kitOutbox.subject, userId), isNotNull(kitOutbox.publishedAt)));
}

/**
 * What the 90-day erasure keeps, made no longer the person's (ADR 17): the subscription, its
 * history and payments stay as the accounting record (Swiss bookkeeping), moved from the user id to
 * `pseudonym`, a random id nothing of the person leads to, without the mail facts or card digits.
 */
export async function pseudonymiseAccountingRecord(
  q: Queryable,
  userId: string,
  pseudonym: string,
  fields: { providerCustomerId: string | null; now: Date },
): Promise<void> {
  await q
    .update(subscriptions)
    .set({
      userId: pseudonym,
      email: null,
      firstName: null,
      paymentMethodLast4: null,
      paymentMethodBrand: null,
      ...(fields.providerCustomerId ? { providerCustomerId: fields.providerCustomerId } : {}),
      erasedAt: fields.now,
      updatedAt: fields.now,
    })
    .where(eq(subscriptions.userId, userId));
  await q
    .update(subscriptionHistory)
    .set({ userId: pseudonym })
    .where(eq(subscriptionHistory.userId, userId));
  await q.update(payments).set({ userId: pseudonym }).where(eq(payments.userId, userId));
}
