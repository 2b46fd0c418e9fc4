import type { Queryable } from '@innerview/kit';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AccessProjection } from '../domain/access.ts';
import { subscriptionAccess } from './schema.ts';

export async function findAccess(q: Queryable, userId: string): Promise<AccessProjection | undefined> {
  const [row] = await q
    .select()
    .from(subscriptionAccess)
    .where(eq(subscriptionAccess.userId, userId))
    .limit(1);
  return row;
}

/**
 * Applies `billing.subscription.changed` unless a later one was applied already (events of one
 * subject arrive in order, but a replay or a second producer must not turn the clock back).
 */
export async function applySubscriptionChange(
  q: Queryable,
  values: {
    userId: string;
    status: string;
    plan: string | null;
    periodEnd: Date | null;
    trialTokensRemaining: number | null;
    changedAt: Date;
  },
  now: Date,
): Promise<void> {
  // A new status (or plan) starts a new period: the grace of an earlier failed renewal is over.
  await q
    .insert(subscriptionAccess)
    .values({ ...values, graceUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptionAccess.userId,
      set: {
        status: values.status,
        plan: values.plan,
        periodEnd: values.periodEnd,
        trialTokensRemaining: values.trialTokensRemaining,
        changedAt: values.changedAt,
        updatedAt: now,
        graceUntil: sql`case when ${subscriptionAccess.status} = ${values.status} then ${subscriptionAccess.graceUntil} else null end`,
      },
      setWhere: sql`${subscriptionAccess.changedAt} <= ${values.changedAt.toISOString()}::timestamptz`,
    });
}

/** `billing.payment.failed`: how long the limited access of a past-due subscription lasts. */
export async function setGraceUntil(
  q: Queryable,
  userId: string,
  graceUntil: Date | null,
  now: Date,
): Promise<void> {
  await q
    .update(subscriptionAccess)
    .set({ graceUntil, updatedAt: now })
    .where(eq(subscriptionAccess.userId, userId));
}

/** A metered reply lowers the local trial quota at once; billing's next event sets the truth. */
export async function useTrialTokens(q: Queryable, userId: string, tokens: number, now: Date): Promise<void> {
  await q
    .update(subscriptionAccess)
    .set({
      trialTokensRemaining: sql`greatest(0, ${subscriptionAccess.trialTokensRemaining} - ${tokens})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(subscriptionAccess.userId, userId),
        eq(subscriptionAccess.status, 'freemium'),
        isNotNull(subscriptionAccess.trialTokensRemaining),
      ),
    );
}

export async function deleteAccess(q: Queryable, userId: string): Promise<void> {
  await q.delete(subscriptionAccess).where(eq(subscriptionAccess.userId, userId));
}
