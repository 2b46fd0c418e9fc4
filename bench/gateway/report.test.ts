import { describe, expect, it } from 'vitest';
import {
  type BenchReport,
  compare,
  type Measurement,
  renderGatewaySection,
  replaceGatewaySection,
} from './report.ts';

const m = (label: string, rps: number, p50: number, p99: number): Measurement => ({
  label,
  requestsPerSecond: rps,
  p50Ms: p50,
  p99Ms: p99,
  errors: 0,
  rounds: [rps - 10, rps],
});

const report: BenchReport = {
  command: 'npm run bench:gateway',
  date: '2026-01-01 00:00 UTC',
  connections: 50,
  durationSeconds: 10,
  path: '/api/v1/settings/options',
  direct: m('direct to the service', 10_000, 4, 12),
  proxied: [
    m('gateway, undici engine', 6_000, 7, 20),
    m('gateway, http-proxy-middleware engine', 4_000, 10, 30),
  ],
  references: [m('reference: bare undici proxy', 8_000, 5, 14)],
  defaultEngine: 'undici',
};

describe('benchmark report', () => {
  it('judges the target on throughput ratio and added p99', () => {
    expect(compare(report.direct, m('x', 5_000, 5, 22))).toMatchObject({
      ratio: 0.5,
      addedP99: 10,
      meetsTarget: true,
    });
    expect(compare(report.direct, m('x', 4_999, 5, 22)).meetsTarget).toBe(false);
    expect(compare(report.direct, m('x', 9_000, 5, 22.5)).meetsTarget).toBe(false);
  });

  it('renders every measurement and a verdict per engine', () => {
    const section = renderGatewaySection(report, '2 cores');
    expect(section.startsWith('## Gateway\n')).toBe(true);
    expect(section).toContain('| gateway, undici engine | 6,000 | 7.0 | 20.0 | 0 | 5,990, 6,000 |');
    expect(section).toContain('| gateway, undici engine | 60 % | 3.0 ms | 8.0 ms | met |');
    expect(section).toContain('| gateway, http-proxy-middleware engine | 40 % | 6.0 ms | 18.0 ms | missed |');
    expect(section).toContain('Machine: 2 cores.');
  });

  it("creates the file, appends to others' sections and replaces only its own", () => {
    const created = replaceGatewaySection(undefined, '## Gateway\n\nfirst\n');
    expect(created).toMatch(/^# Benchmarks\n[\s\S]*\n\n## Gateway\n\nfirst\n$/);
    const withOthers = `# Benchmarks\n\nintro\n\n## Chat\n\nchat numbers\n\n## Gateway\n\nold\n\n## Files\n\nfiles numbers\n`;
    const replaced = replaceGatewaySection(withOthers, '## Gateway\n\nnew\n');
    expect(replaced).toBe(
      `# Benchmarks\n\nintro\n\n## Chat\n\nchat numbers\n\n## Gateway\n\nnew\n\n## Files\n\nfiles numbers\n`,
    );
    expect(replaceGatewaySection('# Benchmarks\n\n## Chat\n\nx\n', '## Gateway\n\ny\n')).toBe(
      '# Benchmarks\n\n## Chat\n\nx\n\n## Gateway\n\ny\n',
    );
  });
});
