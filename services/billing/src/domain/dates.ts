import { type PaidPlan, periodMonths } from './plans.ts';

export const DAY_MS = 86_400_000;

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The anchor moved by `months` whole months: the same day of the month, or the last day of a
 * shorter month, at the anchor's time of day (UTC). Always counted from the anchor, never from the
 * previous boundary, so 31 Jan → 28/29 Feb → 31 Mar stays on the 31st.
 */
export function addMonthsAnchored(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), lastDayOfMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** Whole calendar months from the anchor's month to `at`'s month (a boundary lies in its month). */
export function monthsSinceAnchor(anchor: Date, at: Date): number {
  return (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
}

/** The end of the first period of `plan` that starts at the anchor. */
export function firstPeriodEnd(anchor: Date, plan: PaidPlan): Date {
  return addMonthsAnchored(anchor, periodMonths(plan));
}

/**
 * The end of the period that follows the one ending at `periodEnd`, in `plan` (which may differ
 * from the previous period's plan: a plan change starts at a boundary and keeps the anchor day).
 */
export function nextPeriodEnd(anchor: Date, periodEnd: Date, plan: PaidPlan): Date {
  return addMonthsAnchored(anchor, monthsSinceAnchor(anchor, periodEnd) + periodMonths(plan));
}

/** Whole days from `now` until `end`, rounded up; 0 once it has passed. */
export function daysRemaining(now: Date, end: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** `YYYY-MM-DD` of an instant, in UTC (the calendar the billing anchor is kept in). */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
