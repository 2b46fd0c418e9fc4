import { describe, expect, it } from 'vitest';
import { added, type ChatBenchReport, cpuBudget, renderChatSection, replaceChatSection } from './report.ts';
import { percentile } from './streams.ts';

const row = (label: string, p50Ms: number, p99Ms: number) => ({
  label,
  streams: 100,
  failed: 0,
  p50Ms,
  p99Ms,
});

const report: ChatBenchReport = {
  command: 'npm run bench -w services/chat',
  date: '2026-01-01 00:00 UTC',
  machine: '2 cores',
  concurrency: 500,
  seconds: 8,
  tokenMs: 50,
  tokens: 60,
  database: 'PostgreSQL (local server)',
  rounds: [
    [row('straight', 51, 60), row('gateway (undici engine) + chat service', 52.5, 65)],
    [row('straight', 50, 70), row('gateway (undici engine) + chat service', 53, 90)],
  ],
  hold: [{ label: 'undici', requested: 9000, open: 256, gatewayRssMb: 200, chatRssMb: 300 }],
  holdTarget: 10_000,
  fdLimit: '20000',
  notes: ['A note.'],
};

describe('chat benchmark report', () => {
  it('compares each gateway row with the direct row of the same round (medians over rounds)', () => {
    expect(added(report.rounds)).toEqual([
      {
        label: 'gateway (undici engine) + chat service',
        p50: 2.25,
        p99: 12.5,
        perRound: ['1.5 / 5.0', '3.0 / 20.0'],
      },
    ]);
  });

  it('renders the section with verdicts and replaces only that section', () => {
    const section = renderChatSection(report);
    expect(section).toMatch(/^## Chat\n/);
    expect(section).toContain('| gateway (undici engine) + chat service | 2.3 ms | 12.5 ms | missed |');
    expect(section).toContain('| undici | 9,000 | 256 | 200 | 300 | 500 | not reached |');
    expect(section).toContain('- A note.');
    const doc = '# Benchmarks\n\n## Gateway\n\ng\n\n## Chat\n\nold\n\n## Login\n\nl\n';
    const replaced = replaceChatSection(doc, section);
    expect(replaced).toContain('## Gateway\n\ng\n');
    expect(replaced).toContain('## Login\n\nl\n');
    expect(replaced).not.toContain('old');
    expect(replaceChatSection('# Benchmarks\n', section)).toBe(`# Benchmarks\n\n${section.trimEnd()}\n`);
  });

  it('turns CPU per stream at low load into cores at full load, and says whether they fit', () => {
    const low = (label: string, cpu: Record<string, number>) => ({
      ...row(label, 55, 60),
      cpu,
      completed: 200,
      wallMs: 12_000,
    });
    const budget = cpuBudget({
      concurrency: 500,
      cpuConcurrency: 50,
      cores: 2,
      // A stream lasts 12 s x 50 / 200 = 3 s, so 500 at once make 166.7 streams a second.
      lowLoad: [
        low('straight', { client: 3, model: 3 }),
        low('gateway (undici engine) + chat service', { client: 3, model: 3, chat: 9, gateway: 3 }),
      ],
    });
    expect(budget.rows).toEqual([
      '| straight | 200 | 3.00 | 3.00 | – | – | – | 6.00 | 1.00 |',
      '| gateway (undici engine) + chat service | 200 | 3.00 | 3.00 | 9.00 | 3.00 | – | 18.00 | 3.00 |',
    ]);
    expect(budget.notes[0]).toContain('start and finish 167 streams a second');
    expect(budget.notes[0]).toContain('adds 12.00 ms per stream (2.00 cores), 3.00 cores in all');
    expect(budget.notes[0]).toContain('no row through the chat service fits 2 cores');
    const fits = cpuBudget({
      concurrency: 100,
      cpuConcurrency: 50,
      cores: 2,
      lowLoad: [low('straight', { client: 3, model: 3 }), low('through', { client: 3, model: 3, chat: 3 })],
    });
    expect(fits.notes[0]).toContain('0.30 cores in all');
    expect(fits.notes[0]).toContain('some rows fit');
  });

  it('takes percentiles by rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });
});
