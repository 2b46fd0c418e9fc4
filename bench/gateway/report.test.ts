import { describe, expect, it } from 'vitest';
import {
  type BenchReport,
  compare,
  median,
  renderGatewaySection,
  replaceGatewaySection,
  type Target,
} from './report.ts';

const t = (label: string, samples: Array<[number, number, number]>): Target => ({
  label,
  samples: samples.map(([rps, p50, p99]) => ({
    requestsPerSecond: rps,
    p50Ms: p50,
    p99Ms: p99,
    errors: 0,
    cpuMicrosPerRequest: 1_000_000 / rps,
  })),
});

const direct = t('direct to the service', [
  [10_000, 4, 12],
  [5_000, 8, 30],
  [10_000, 4, 12],
]);

const report: BenchReport = {
  command: 'npm run bench:gateway',
  date: '2026-01-01 00:00 UTC',
  connections: 50,
  durationSeconds: 6,
  path: '/api/v1/settings/options',
  direct,
  proxied: [
    t('gateway, undici engine', [
      [6_000, 6, 20],
      [3_000, 12, 45],
      [6_500, 6, 19],
    ]),
  ],
  references: [t('reference: bare undici proxy', [[8_000, 5, 14]])],
};

describe('benchmark report', () => {
  it('compares each round with the direct measurement of the same round, then takes medians', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const undici = compare(direct, report.proxied[0]!);
    expect(undici.rounds.map((r) => r.ratio)).toEqual([0.6, 0.6, 0.65]);
    expect(undici).toMatchObject({ ratio: 0.6, addedP50: 2, addedP99: 8, meetsTarget: true });
    const slower = t('slower', [
      [4_000, 10, 40],
      [2_000, 20, 80],
      [3_000, 12, 50],
    ]);
    expect(compare(direct, slower)).toMatchObject({ ratio: 0.4, meetsTarget: false });
  });

  it('misses the target on either throughput or p99', () => {
    const one = t('d', [[10_000, 4, 12]]);
    expect(compare(one, t('x', [[5_000, 5, 22]])).meetsTarget).toBe(true);
    expect(compare(one, t('x', [[4_999, 5, 22]])).meetsTarget).toBe(false);
    expect(compare(one, t('x', [[9_000, 5, 23]])).meetsTarget).toBe(false);
  });

  it('renders every row and a verdict for the gateway', () => {
    const section = renderGatewaySection(report, '2 cores');
    expect(section.startsWith('## Gateway\n')).toBe(true);
    expect(section).toContain(
      '| gateway, undici engine | 6,000 | 6.0 | 20.0 | 167 | 0 | 6,000, 3,000, 6,500 |',
    );
    expect(section).toContain(
      '| gateway, undici engine | 60 % | 2.0 ms | 8.0 ms | met | 60 % / +8, 60 % / +15, 65 % / +7 |',
    );
    expect(section).toContain('The gateway has one network engine, undici');
    expect(section).toContain('Machine: 2 cores.');
    expect(section).toContain('the service spends 100 µs of CPU per call, the undici engine gateway 167 µs');
    expect(section).toContain('the gateway leaves about 38 % of direct throughput');
  });

  it("creates the file, appends to others' sections and replaces only its own", () => {
    const created = replaceGatewaySection(undefined, '## Gateway\n\nfirst\n');
    expect(created).toMatch(/^# Benchmarks\n[\s\S]*\n\n## Gateway\n\nfirst\n$/);
    const withOthers = `# Benchmarks\n\nintro\n\n## Chat\n\nchat numbers\n\n## Gateway\n\nold\n\n## Files\n\nfiles numbers\n`;
    expect(replaceGatewaySection(withOthers, '## Gateway\n\nnew\n')).toBe(
      `# Benchmarks\n\nintro\n\n## Chat\n\nchat numbers\n\n## Gateway\n\nnew\n\n## Files\n\nfiles numbers\n`,
    );
    expect(replaceGatewaySection('# Benchmarks\n\n## Chat\n\nx\n', '## Gateway\n\ny\n')).toBe(
      '# Benchmarks\n\n## Chat\n\nx\n\n## Gateway\n\ny\n',
    );
  });
});
