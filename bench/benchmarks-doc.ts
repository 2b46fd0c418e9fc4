// What every benchmark's report shares: the median, the note on the machine a run was measured on,
// and putting a section into docs/benchmarks.md in place of its previous version.
import { cpus, loadavg, totalmem } from 'node:os';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Cores, memory, Node (and the headless Chromium a browser benchmark drives) and the load as the run starts. */
export function machineNote(chromium?: string): string {
  const cpu = cpus();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const browser = chromium ? `, Chromium ${chromium} headless` : '';
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}${browser}; load average ${load} (1/5/15 min) as the run started, from other work sharing the cores`;
}

const intro = `# Benchmarks

Measured numbers of the parts of Innerview that have a performance target. Each section says how
to reproduce it.
`;

/**
 * Replaces the section headed `heading` (`## Gateway`: up to the next `## `) with `section`, or
 * appends it; starts the file when there is none yet.
 */
export function replaceSection(existing: string | undefined, heading: string, section: string): string {
  const text = existing?.trim() ? existing : intro;
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = text.search(new RegExp(`^${escaped}[ \\t]*$`, 'm'));
  if (start === -1) return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = text.slice(start + 1).search(/^## /m);
  const rest = next === -1 ? '' : text.slice(start + 1 + next);
  return `${text.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}
