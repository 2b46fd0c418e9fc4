import { replaceSection as replaceBenchSection } from '../benchmarks-doc.ts';
import { median } from './report.ts';
import type { ThreadGroup } from './threads.ts';

/** One login (or bare verification) measurement: CPU per operation by thread group, in µs. */
export type FloorSample = { operations: number; cpuPerOp: Map<ThreadGroup, number>; errors: number };

export type FloorRow = {
  /** 'minimal' or 'product' (through the gateway), or 'bare' for the verifications alone. */
  subject: 'bare' | 'minimal' | 'product';
  /** 'real': the product's argon2id parameters; 'small': 64 KiB with the time cost raised to match. */
  hash: 'real' | 'small';
  samples: FloorSample[];
};

export type FloorReport = {
  command: string;
  date: string;
  machine: string;
  concurrency: number;
  durationSeconds: number;
  rounds: number;
  real: { memoryKiB: number; timeCost: number };
  small: { memoryKiB: number; timeCost: number };
  rows: FloorRow[];
};

/** The table's columns; 'other' threads count only in the total. */
const COLUMNS: ThreadGroup[] = ['main thread', 'V8 helper threads', 'hash threads'];

/** Median CPU per operation of one thread group, or of all of them, in ms. */
/** CPU per operation of every thread of the process together, in µs. */
export function totalMicros(sample: FloorSample): number {
  return [...sample.cpuPerOp.values()].reduce((sum, micros) => sum + micros, 0);
}

export function medianMs(row: FloorRow, group?: ThreadGroup): number {
  const pick = (s: FloorSample) => (group ? (s.cpuPerOp.get(group) ?? 0) : totalMicros(s));
  return median(row.samples.map(pick)) / 1000;
}

/** What a login costs beyond a bare verification of the same hash: in ms and as a share of the hash. */
export function beyondHash(report: FloorReport, subject: 'minimal' | 'product', hash: 'real' | 'small') {
  const find = (s: FloorRow['subject']) => report.rows.find((r) => r.subject === s && r.hash === hash)!;
  const bare = medianMs(find('bare'));
  const login = medianMs(find(subject));
  return { ms: login - bare, share: (login - bare) / bare, bareMs: bare };
}

const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (ratio: number) => `${ratio >= 0 ? '+' : '−'}${fmt(Math.abs(ratio) * 100, 1)} %`;

const SUBJECTS = {
  bare: 'bare verifications',
  minimal: 'minimal login (node:http, PGlite, Ed25519)',
  product: 'the product, through the gateway',
} as const;

/** Issue 4: the login path costs at most 15 % over the password hash itself. */
const TARGET = 0.15;

/**
 * The reading under the table: the minimal login's and the product's cost beyond the hash with
 * each hash, whether the minimal one (the floor) stays within the target, and what the main
 * thread does between the two hashes.
 */
export function floorReading(report: FloorReport): string {
  const minimalReal = beyondHash(report, 'minimal', 'real');
  const minimalSmall = beyondHash(report, 'minimal', 'small');
  const productReal = beyondHash(report, 'product', 'real');
  const productSmall = beyondHash(report, 'product', 'small');
  const row = (subject: FloorRow['subject'], hash: FloorRow['hash']) =>
    report.rows.find((r) => r.subject === subject && r.hash === hash)!;
  const mainReal = medianMs(row('minimal', 'real'), 'main thread');
  const mainSmall = medianMs(row('minimal', 'small'), 'main thread');
  const mib = fmt(report.real.memoryKiB / 1024, 0);
  const verdict =
    minimalReal.share > TARGET
      ? `So with the product's hash, on this machine, not even the minimal login stays within 15 % of the hash; the product's login costs ${fmt(productReal.ms)} ms beyond it (${pct(productReal.share)}).`
      : `The minimal login stays within 15 % of the product's hash here; the product's login costs ${fmt(productReal.ms)} ms beyond it (${pct(productReal.share)}).`;
  return `With the product's hash, the minimal login costs ${fmt(minimalReal.ms)} ms of CPU beyond the bare hash, ${pct(minimalReal.share)} of its ${fmt(minimalReal.bareMs)} ms. ${verdict} With the small-memory hash of the same length, the minimal login costs ${fmt(minimalSmall.ms)} ms (${pct(minimalSmall.share)}) and the product's ${fmt(productSmall.ms)} ms (${pct(productSmall.share)}).

Between the two hashes only the hash's memory changes: the login code is the same and the hashes cost the same CPU, yet the minimal login's main thread needs ${fmt(mainReal)} ms per login beside ${mib} MiB hashes against ${fmt(mainSmall)} ms beside 64 KiB ones. Argon2 is memory-hard by design: every verification streams ${mib} MiB through the caches the cores share, so the code that runs beside it finds them cold.`;
}

export function renderFloorSection(report: FloorReport): string {
  const hashName = (hash: 'real' | 'small') =>
    hash === 'real'
      ? `${fmt(report.real.memoryKiB / 1024, 0)} MiB, t = ${report.real.timeCost}`
      : `${report.small.memoryKiB} KiB, t = ${report.small.timeCost}`;
  const lines = report.rows.map((row) => {
    const cells = COLUMNS.map((g) => fmt(medianMs(row, g)));
    const beyond =
      row.subject === 'bare'
        ? ''
        : (() => {
            const b = beyondHash(report, row.subject, row.hash);
            return `${fmt(b.ms)} ms (${pct(b.share)})`;
          })();
    const errors = row.samples.reduce((sum, s) => sum + s.errors, 0);
    return `| ${SUBJECTS[row.subject]} | ${hashName(row.hash)} | ${cells.join(' | ')} | ${fmt(medianMs(row))} | ${beyond} | ${errors} |`;
  });
  return `## Login floor

How little a login can cost over its hash on this machine, and why the product's login costs what
it does (issue 4's target: at most 15 % over the hash).

- Command: \`${report.command}\` (rewrites this section; \`DURATION\`, \`ROUNDS\` override).
- Run: ${report.date}; ${report.concurrency} in flight (wrk, one connection each); ${report.rounds} rounds of ${report.durationSeconds} s per row, the rows taking turns.
- Machine: ${report.machine}.
- Rows: bare argon2id verifications in the bench process; a **minimal login**
  (\`bench/login/minimal-login.ts\`: node:http, the login's two statements on PGlite in the same
  process with PGlite's own \`query\`, the verification on the libuv pool, an Ed25519-signed token;
  no Express, gateway, validation, logging or metrics), in its own process; and **the product's
  login** through the gateway, as in the Login section (its statements prepared, ADR 26).
- Two hashes, swapped into the stored account: the product's (argon2id ${hashName('real')}) and a
  **small-memory** one (${hashName('small')}) whose time cost is set, by measuring, so that it costs
  the same CPU at ${report.concurrency} in flight.
- CPU per operation by thread, from \`/proc/<pid>/task/*/stat\` (10 ms ticks over thousands of
  operations), medians of the rounds; the product's idle background is taken off its main thread.

| measurement (ms of CPU per operation, medians) | hash | main thread | V8 helper threads | hash threads | all threads | beyond the bare hash | errors |
|---|---|---:|---:|---:|---:|---:|---:|
${lines.join('\n')}

${floorReading(report)}
`;
}

/** Puts `section` (which starts with its `## ` heading) in place of the same heading's section, or at the end. */
export const replaceSection = (existing: string, section: string): string =>
  replaceBenchSection(existing, section.slice(0, section.indexOf('\n')), section);
