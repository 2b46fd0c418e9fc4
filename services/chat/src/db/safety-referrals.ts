import type { Queryable } from '@innerview/kit';
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { safetyReferrals } from './schema.ts';

export type SafetyReferralRow = typeof safetyReferrals.$inferSelect;

/** Adds one care reply to the day's count for its tier and language (no user, no text). */
export async function countSafetyReferral(
  q: Queryable,
  referral: { day: string; tier: 'acute' | 'possible'; language: string },
): Promise<void> {
  await q
    .insert(safetyReferrals)
    .values({ ...referral, count: 1 })
    .onConflictDoUpdate({
      target: [safetyReferrals.day, safetyReferrals.tier, safetyReferrals.language],
      set: { count: sql`${safetyReferrals.count} + 1` },
    });
}

/** The counts from `from` to `to` (days, inclusive, YYYY-MM-DD), by day, tier and language. */
export async function listSafetyReferrals(
  q: Queryable,
  from: string,
  to: string,
): Promise<SafetyReferralRow[]> {
  return q
    .select()
    .from(safetyReferrals)
    .where(and(gte(safetyReferrals.day, from), lte(safetyReferrals.day, to)))
    .orderBy(asc(safetyReferrals.day), asc(safetyReferrals.tier), asc(safetyReferrals.language));
}
