import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quantile, replaceSection, table } from './report.ts';

describe('event benchmark report', () => {
  it('takes quantiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('writes one row per bus and rate', () => {
    const text = table([
      {
        bus: 'kafka',
        rate: 200,
        written: 2000,
        delivered: 2000,
        writtenPerSecond: 199.6,
        deliveredPerSecond: 198.2,
        p50: 4.26,
        p99: 31.4,
        max: 80,
        relayP50: 1.23,
        relayP99: 12,
      },
    ]);
    expect(text.split('\n')[2]).toBe('| Kafka | 200 | 2000 | 2000 | 200 | 198 | 4.3 | 31 | 80 | 1.2 / 12 |');
  });

  it('replaces its own section and keeps the others', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-events-')), 'b.md');
    writeFileSync(file, '# B\n\n## One\n\nfirst\n\n## Events\n\nold\n\n## Two\n\nsecond\n');
    replaceSection(file, '## Events', 'new');
    expect(readFileSync(file, 'utf8')).toBe(
      '# B\n\n## One\n\nfirst\n\n## Events\n\nnew\n\n## Two\n\nsecond\n',
    );
    replaceSection(file, '## Three', 'third');
    expect(readFileSync(file, 'utf8')).toMatch(/## Two\n\nsecond\n\n## Three\n\nthird\n$/);
  });
});
