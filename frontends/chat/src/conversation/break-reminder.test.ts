import { describe, expect, it } from 'vitest';
import { BREAK_EVERY_MS, breakDue, isMinor } from './break-reminder.ts';

describe('the break reminder for people under 18', () => {
  it('knows who is under 18 from the date of birth, birthdays counted', () => {
    const today = new Date('2026-11-26T12:00:00Z');
    expect(isMinor('2008-11-27', today)).toBe(true);
    expect(isMinor('2008-11-26', today)).toBe(false);
    expect(isMinor('1990-01-01', today)).toBe(false);
    expect(isMinor(undefined, today)).toBe(false);
    expect(isMinor('not a date', today)).toBe(false);
  });

  it('is due once per full three hours of use, and not again until the next three', () => {
    const since = Date.parse('2026-11-26T08:00:00Z');
    expect(breakDue(since, since + BREAK_EVERY_MS - 1, 0)).toBe(false);
    expect(breakDue(since, since + BREAK_EVERY_MS, 0)).toBe(true);
    expect(breakDue(since, since + BREAK_EVERY_MS + 60_000, 1)).toBe(false);
    expect(breakDue(since, since + 2 * BREAK_EVERY_MS, 1)).toBe(true);
  });
});
