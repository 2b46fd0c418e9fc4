import { replaceSection } from '../benchmarks-doc.ts';
/** Figures of one bench/search run, and the `## Chat search` section of docs/benchmarks.md they make. */
export interface SearchRow {
  way: string;
  p50: number;
  p95: number;
  max: number;
}

export interface SearchReport {
  machine: string;
  sessions: number;
  perSession: number;
  indexRows: number;
  queries: number;
  rows: SearchRow[];
  date: string;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function renderSearchSection(report: SearchReport): string {
  const [index, scan] = report.rows;
  const ratio = index && scan ? (scan.p50 / index.p50).toFixed(1) : '?';
  return [
    '## Chat search',
    '',
    '- Command: `npm run bench:search` (rewrites this section; `SESSIONS`, `PER_SESSION`, `QUERIES` override).',
    `- Run: ${report.date}, ${report.machine}.`,
    `- Data: one person with ${report.sessions} sessions of ${report.perSession} messages (sentences in five`,
    `  languages), ${report.indexRows} index rows (ADR 0058), PostgreSQL 127.0.0.1; ${report.queries} queries`,
    '  of one, two and three words (common, rare, with accents), each timed alone.',
    '- Both ways answer the same question (the newest 50 messages holding every word, with snippets and',
    '  titles) in the same run: the keyed index as the service runs it (`GET /chat-sessions/search`, over',
    "  HTTP), and the baseline, reading and decrypting all of the person's messages in the service process.",
    '',
    '| Way | p50 | p95 | max |',
    '|---|---|---|---|',
    ...report.rows.map((row) => `| ${row.way} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} |`),
    '',
    `The index answers ${ratio}× faster than the scan at the median; the target is under 300 ms at p95.`,
    '',
  ].join('\n');
}

/** Replaces (or appends) the `## Chat search` section, leaving the others as they are. */
export const replaceSearchSection = (existing: string, section: string): string =>
  replaceSection(existing, '## Chat search', section);
