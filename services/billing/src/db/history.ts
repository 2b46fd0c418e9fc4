import type { Queryable } from '@innerview/kit';
import { asc, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { payments, subscriptionHistory } from './schema.ts';

export type HistoryRow = typeof subscriptionHistory.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** One row per transition of one change, all at the same time (the caller's transaction). */
export async function recordTransitions(
  q: Queryable,
  entry: {
    userId: string;
    at: Date;
    transitions: string[];
    fromStatus: string | null;
    toStatus: string | null;
    plan: string | null;
  },
): Promise<void> {
  if (entry.transitions.length === 0) return;
  await q.insert(subscriptionHistory).values(
    entry.transitions.map((transition) => ({
      id: uuidv7(),
      userId: entry.userId,
      at: entry.at,
      transition,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      plan: entry.plan,
    })),
  );
}

/** A user's transitions, oldest first (the id is a v7 uuid: it orders the rows of one instant). */
export async function listHistory(q: Queryable, userId: string): Promise<HistoryRow[]> {
  return q
    .select()
    .from(subscriptionHistory)
    .where(eq(subscriptionHistory.userId, userId))
    .orderBy(asc(subscriptionHistory.at), asc(subscriptionHistory.id));
}

/** A user's payments as the provider reported them, newest first. */
export async function listPayments(q: Queryable, userId: string): Promise<PaymentRow[]> {
  return q
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}
