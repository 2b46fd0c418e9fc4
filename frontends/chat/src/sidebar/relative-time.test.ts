import { describe, expect, it } from 'vitest';
import { formatSessionAge } from './relative-time.ts';

const now = new Date('2026-05-20T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatSessionAge', () => {
  it.each([
    [10, 'en', 'now'],
    [60, 'en', '1 minute ago'],
    [5 * 60 + 59, 'en', '5 minutes ago'],
    [3 * 3600, 'en', '3 hours ago'],
    [24 * 3600, 'en', 'yesterday'],
    [3 * 86400, 'en', '3 days ago'],
    [14 * 86400, 'en', '2 weeks ago'],
    [65 * 86400, 'en', '2 months ago'],
    [400 * 86400, 'en', 'last year'],
    [2 * 3600, 'de', 'vor 2 Stunden'],
    [86400, 'fr', 'hier'],
    [3 * 86400, 'it', '3 giorni fa'],
    [5 * 60, 'es', 'hace 5 minutos'],
  ])('%i seconds in %s reads "%s"', (seconds, language, expected) => {
    expect(formatSessionAge(ago(seconds), now, language)).toBe(expected);
  });

  it('reads a time slightly in the future (clock skew) as now', () => {
    expect(formatSessionAge(ago(-30), now, 'en')).toBe('now');
  });
});
