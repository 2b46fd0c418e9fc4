import { readFileSync, writeFileSync } from 'node:fs';

/** Figures of one bus at one rate, and how they are written into docs/benchmarks.md. */
export interface RateResult {
  bus: 'kafka' | 'redis';
  /** Events per second asked for. */
  rate: number;
  /** Events written to the outbox, and delivered to the inbox within the drain time. */
  written: number;
  delivered: number;
  /** Events written per second, as achieved. */
  writtenPerSecond: number;
  /** Events committed to the inbox per second, from the first write to the last delivery. */
  deliveredPerSecond: number;
  /** Outbox commit to inbox commit, milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Of that, outbox commit to the bus accepting the publish (the relay's share), p50 and p99. */
  relayP50: number;
  relayP99: number;
}

/** The q-quantile (0..1) of `values` by nearest rank; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));

export function table(results: readonly RateResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.bus === 'kafka' ? 'Kafka' : 'Redis Streams'} | ${r.rate} | ${r.written} | ${r.delivered} | ${r.writtenPerSecond.toFixed(0)} | ${r.deliveredPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.relayP50)} / ${ms(r.relayP99)} |`,
  );
  return [
    '| bus | asked events/s | written | delivered | written/s | delivered/s | p50 ms | p99 ms | max ms | of which relay p50 / p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Replaces (or appends) the section headed `heading` in the markdown file. */
export function replaceSection(file: string, heading: string, body: string): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.indexOf('\n## ', start + heading.length + 2);
  const after = next < 0 ? '' : text.slice(next);
  writeFileSync(file, `${text.slice(0, start + 1)}${section}${after}`);
}
