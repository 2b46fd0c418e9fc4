import { firstRow, type Queryable } from '@innerview/kit';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { BillingFacts } from '../domain/display.ts';
import type { PaidPlan, Plan, SubscriptionStatus } from '../domain/plans.ts';
import type { ExpiredReason, SubscriptionState } from '../domain/subscription-state.ts';
import { subscriptions } from './schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = typeof subscriptions.$inferInsert;

/** The state machine's view of a row. */
export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    status: row.status as SubscriptionStatus | null,
    plan: row.plan as Plan | null,
    trialUsed: row.trialUsed,
    trialStartedAt: row.trialStartedAt,
    trialEndsAt: row.trialEndsAt,
    trialTokensRemaining: row.trialTokensRemaining,
    trialReminderSentAt: row.trialReminderSentAt,
    billingAnchor: row.billingAnchor,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    scheduledPlan: row.scheduledPlan as PaidPlan | null,
    cancelRequestedAt: row.cancelRequestedAt,
    cancellationReason: row.cancellationReason,
    endedAt: row.endedAt,
    reactivateUntil: row.reactivateUntil,
    pastDueSince: row.pastDueSince,
    accessUntil: row.accessUntil,
    expiredReason: row.expiredReason as ExpiredReason | null,
  };
}

export function factsOf(row: SubscriptionRow): BillingFacts {
  return {
    currency: row.currency,
    amountMinor: row.amountMinor,
    scheduledAmountMinor: row.scheduledAmountMinor,
    paymentMethodType: row.paymentMethodType,
    paymentMethodBrand: row.paymentMethodBrand,
    paymentMethodLast4: row.paymentMethodLast4,
  };
}

export async function findSubscription(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await q.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The row locked for the rest of the transaction: one change at a time per user. */
export async function lockSubscription(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  return firstRow(
    q.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1),
  );
}

export async function findByProviderSubscription(
  q: Queryable,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return firstRow(
    q.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId)).limit(1),
  );
}

export async function findByProviderCustomer(
  q: Queryable,
  customerId: string,
): Promise<SubscriptionRow | undefined> {
  return firstRow(
    q.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, customerId)).limit(1),
  );
}

/** Creates the row of a new user; an existing one is kept (the event may come twice). */
export async function insertSubscription(q: Queryable, values: SubscriptionInsert): Promise<boolean> {
  const inserted = await q
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: subscriptions.userId });
  return inserted.length === 1;
}

/** Writes the state and any other fields, bumping the version. */
export async function saveSubscription(
  q: Queryable,
  userId: string,
  state: SubscriptionState,
  extra: Partial<SubscriptionInsert>,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await q
    .update(subscriptions)
    .set({
      ...state,
      ...extra,
      version: sql`${subscriptions.version} + 1`,
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId))
    .returning();
  return row!;
}

export async function updateSubscriptionFields(
  q: Queryable,
  userId: string,
  fields: Partial<SubscriptionInsert>,
  now: Date,
): Promise<void> {
  await q
    .update(subscriptions)
    .set({ ...fields, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/** Users whose status is one of `statuses` and whose `column` time has come; oldest first. */
export async function dueSubscriptions(
  q: Queryable,
  statuses: SubscriptionStatus[],
  column: 'trialEndsAt' | 'currentPeriodEnd' | 'accessUntil' | 'reactivateUntil',
  dueBy: Date,
  limit: number,
): Promise<string[]> {
  const rows = await q
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, statuses),
        isNotNull(subscriptions[column]),
        lte(subscriptions[column], dueBy),
      ),
    )
    .orderBy(subscriptions[column])
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Trials whose reminder is due (2 days before the end) and not sent yet. */
export async function trialsToRemind(q: Queryable, dueBy: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'freemium'),
        isNull(subscriptions.trialReminderSentAt),
        lte(subscriptions.trialEndsAt, dueBy),
      ),
    )
    .orderBy(subscriptions.trialEndsAt)
    .limit(limit);
  return rows.map((r) => r.userId);
}
