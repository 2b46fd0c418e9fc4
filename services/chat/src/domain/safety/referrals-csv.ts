/** One cell of the anonymous count: a day (UTC), a tier, a language, how many care replies. */
export interface ReferralCount {
  day: string;
  tier: string;
  language: string;
  count: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day that exists, or null. */
export function parseDay(value: string | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

/**
 * The operator's export for the yearly report (California SB 243): one line per day, tier and
 * language, with a header. There is nothing else to export: no user, session or text is kept.
 */
export function referralsCsv(rows: ReferralCount[]): string {
  return ['day,tier,language,count', ...rows.map((r) => `${r.day},${r.tier},${r.language},${r.count}`)].join(
    '\n',
  );
}
