import { DAY_MS } from './lifetimes.ts';

/** docs/product.md#how-things-change-over-time, docs/product.md#trial-plans-and-retention: a deleted account's data is kept 90 days; support can reactivate it until then. */
export const RETENTION_DAYS = 90;
export const RETENTION_MS = RETENTION_DAYS * DAY_MS;

/**
 * Between the erasure confirmation mail and the erasure itself. The mail needs the address, which
 * the erasure removes; a day covers the mail's retries (minutes) with a wide margin (ADR 17).
 */
export const ERASURE_MAIL_GRACE_MS = DAY_MS;

/** When a deleted account's data goes: the end of the retention. */
export function eraseAfter(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RETENTION_MS);
}

/** Whether support may still reactivate an account deleted at `deletedAt`. */
export function canReactivate(deletedAt: Date, now: Date): boolean {
  return now.getTime() < eraseAfter(deletedAt).getTime();
}

/** The latest deletion time whose retention has ended by `now` (its notice is due). */
export function noticeDueBefore(now: Date): Date {
  return new Date(now.getTime() - RETENTION_MS);
}

/** The latest notice time whose grace has ended by `now` (the erasure is due). */
export function erasureDueBefore(now: Date): Date {
  return new Date(now.getTime() - ERASURE_MAIL_GRACE_MS);
}

/** `innerview-export-2026-05-01.json`: the export's file name, dated in UTC. */
export function exportFileName(now: Date): string {
  return `innerview-export-${now.toISOString().slice(0, 10)}.json`;
}
