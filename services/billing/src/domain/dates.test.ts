import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random.ts';
import {
  addMonthsAnchored,
  daysRemaining,
  firstPeriodEnd,
  monthsSinceAnchor,
  nextPeriodEnd,
} from './dates.ts';
import type { PaidPlan } from './plans.ts';

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const SEED = 20260131;

/** A random anchor between 1990 and 2100, biased towards month ends and leap days where it matters. */
function randomAnchor(random: ReturnType<typeof seededRandom>): Date {
  const year = random.int(1990, 2100);
  const month = random.int(0, 11);
  const day =
    random.next() < 0.5 ? random.int(28, lastDay(year, month)) : random.int(1, lastDay(year, month));
  return new Date(
    Date.UTC(year, month, day, random.int(0, 23), random.int(0, 59), random.int(0, 59), random.int(0, 999)),
  );
}

describe('renewal dates (property-based, seeded)', () => {
  it('every boundary falls on the anchor day, or the last day of a shorter month, at the anchor time', () => {
    const random = seededRandom(SEED);
    for (let i = 0; i < 3000; i++) {
      const anchor = randomAnchor(random);
      const months = random.int(0, 150);
      const at = addMonthsAnchored(anchor, months);
      const label = `seed ${SEED}, case ${i}: ${anchor.toISOString()} + ${months}`;
      expect(monthsSinceAnchor(anchor, at), label).toBe(months);
      expect(at.getUTCDate(), label).toBe(
        Math.min(anchor.getUTCDate(), lastDay(at.getUTCFullYear(), at.getUTCMonth())),
      );
      expect(at.toISOString().slice(10), label).toBe(anchor.toISOString().slice(10));
    }
  });

  it('chaining periods never drifts: 31 Jan → 28/29 Feb → 31 Mar stays on the 31st', () => {
    const random = seededRandom(SEED + 1);
    for (let i = 0; i < 500; i++) {
      const anchor = randomAnchor(random);
      let end = anchor;
      let previous = anchor;
      for (let period = 1; period <= 40; period++) {
        const plan: PaidPlan = random.next() < 0.8 ? 'monthly' : 'yearly';
        end = period === 1 ? firstPeriodEnd(anchor, plan) : nextPeriodEnd(anchor, previous, plan);
        expect(end.getTime()).toBeGreaterThan(previous.getTime());
        expect(end.getTime()).toBe(addMonthsAnchored(anchor, monthsSinceAnchor(anchor, end)).getTime());
        expect(monthsSinceAnchor(previous, end)).toBe(plan === 'yearly' ? 12 : 1);
        previous = end;
      }
    }
  });

  it('a period lasts 28 to 31 days (monthly) or 365/366 days (yearly)', () => {
    const random = seededRandom(SEED + 2);
    const day = 86_400_000;
    for (let i = 0; i < 2000; i++) {
      const anchor = randomAnchor(random);
      const k = random.int(0, 60);
      const start = addMonthsAnchored(anchor, k);
      const monthly = (nextPeriodEnd(anchor, start, 'monthly').getTime() - start.getTime()) / day;
      expect(monthly).toBeGreaterThanOrEqual(28 - 3);
      expect(monthly).toBeLessThanOrEqual(31);
      const yearly = (nextPeriodEnd(anchor, start, 'yearly').getTime() - start.getTime()) / day;
      expect(yearly).toBeGreaterThanOrEqual(365 - 3);
      expect(yearly).toBeLessThanOrEqual(366);
    }
  });

  it('handles 31 January and leap days as written in docs/product.md#numbers-and-limits', () => {
    const anchor = new Date('2024-01-31T10:00:00.000Z');
    const ends = [1, 2, 3, 4].map((m) => addMonthsAnchored(anchor, m).toISOString().slice(0, 10));
    expect(ends).toEqual(['2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']);
    expect(addMonthsAnchored(new Date('2025-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2025-02-28',
    );
    const leapDay = new Date('2024-02-29T00:00:00.000Z');
    for (let years = 1; years <= 8; years++) {
      const at = addMonthsAnchored(leapDay, 12 * years);
      expect(at.getUTCDate()).toBe(isLeap(2024 + years) ? 29 : 28);
    }
  });

  it('counts days remaining rounded up, and 0 once over', () => {
    const end = new Date('2026-03-02T09:00:00.000Z');
    expect(daysRemaining(new Date('2026-01-31T09:00:00.000Z'), end)).toBe(30);
    expect(daysRemaining(new Date('2026-03-01T09:00:01.000Z'), end)).toBe(1);
    expect(daysRemaining(end, end)).toBe(0);
    expect(daysRemaining(new Date('2026-04-01T00:00:00.000Z'), end)).toBe(0);
  });
});
