import { describe, expect, it } from 'vitest';
import {
  beyondHash,
  type FloorReport,
  type FloorRow,
  floorReading,
  renderFloorSection,
  replaceSection,
} from './floor-report.ts';
import { statTicks, threadGroup } from './threads.ts';

const sample = (main: number, helpers: number, hash: number) => ({
  operations: 1000,
  errors: 0,
  cpuPerOp: new Map([
    ['main thread', main * 1000],
    ['V8 helper threads', helpers * 1000],
    ['hash threads', hash * 1000],
  ] as const),
});

function report(minimalRealMain: number): FloorReport {
  const rows: FloorRow[] = [
    { subject: 'bare', hash: 'real', samples: [sample(0, 0, 8), sample(0, 0, 8.2), sample(0, 0, 7.8)] },
    { subject: 'minimal', hash: 'real', samples: [sample(minimalRealMain, 0.2, 8)] },
    { subject: 'product', hash: 'real', samples: [sample(1.6, 0.2, 8)] },
    { subject: 'bare', hash: 'small', samples: [sample(0, 0, 8)] },
    { subject: 'minimal', hash: 'small', samples: [sample(0.6, 0.1, 8)] },
    { subject: 'product', hash: 'small', samples: [sample(0.7, 0.1, 8)] },
  ];
  return {
    command: 'npm run bench:login-floor',
    date: '2026-11-26 07:00 UTC',
    machine: '2 cores',
    concurrency: 8,
    durationSeconds: 4,
    rounds: 3,
    real: { memoryKiB: 19_456, timeCost: 2 },
    small: { memoryKiB: 64, timeCost: 1400 },
    rows,
  };
}

describe('login floor report', () => {
  it('measures a login beyond the bare hash of the same kind, from the medians', () => {
    const beyond = beyondHash(report(1.4), 'minimal', 'real');
    expect(beyond.bareMs).toBeCloseTo(8, 6);
    expect(beyond.ms).toBeCloseTo(1.6, 6);
    expect(beyond.share).toBeCloseTo(0.2, 6);
  });

  it('says when not even the minimal login stays within 15 % of the hash', () => {
    const text = floorReading(report(1.4));
    expect(text).toContain(
      'the minimal login costs 1.60 ms of CPU beyond the bare hash, +20.0 % of its 8.00 ms',
    );
    expect(text).toContain('not even the minimal login stays within 15 %');
    expect(text).toContain("the product's login costs 1.80 ms beyond it (+22.5 %)");
    expect(text).toContain('needs 1.40 ms per login beside 19 MiB hashes against 0.60 ms beside 64 KiB ones');
  });

  it('says so when the minimal login stays within the target', () => {
    expect(floorReading(report(0.8))).toContain('The minimal login stays within 15 % of the product');
  });

  it('renders one table row per measurement with the hash it used', () => {
    const section = renderFloorSection(report(1.4));
    expect(section.startsWith('## Login floor\n')).toBe(true);
    expect(section).toContain(
      '| minimal login (node:http, PGlite, Ed25519) | 19 MiB, t = 2 | 1.40 | 0.20 | 8.00 | 9.60 | 1.60 ms (+20.0 %) | 0 |',
    );
    expect(section).toContain('| bare verifications | 64 KiB, t = 1400 | 0.00 | 0.00 | 8.00 | 8.00 |  | 0 |');
  });

  it('replaces its own section and keeps the ones around it', () => {
    const doc = '# Benchmarks\n\n## Login\n\nold login\n\n## Login floor\n\nold floor\n\n## Web\n\nweb\n';
    const next = replaceSection(doc, '## Login floor\n\nnew floor\n');
    expect(next).toBe(
      '# Benchmarks\n\n## Login\n\nold login\n\n## Login floor\n\nnew floor\n\n## Web\n\nweb\n',
    );
    expect(replaceSection('# Benchmarks\n', '## Login floor\n\nfirst\n')).toBe(
      '# Benchmarks\n\n## Login floor\n\nfirst\n',
    );
  });
});

describe('threads', () => {
  it('groups a process’s threads by what they do for a login', () => {
    expect(threadGroup(100, 100, 'node')).toBe('main thread');
    expect(threadGroup(101, 100, 'libuv-worker')).toBe('hash threads');
    expect(threadGroup(102, 100, 'V8Worker')).toBe('V8 helper threads');
    expect(threadGroup(103, 100, 'SignalInspector')).toBe('other');
  });

  it('reads user plus system ticks even when the thread name holds spaces and brackets', () => {
    const stat = '4242 (a (b) c) S 1 2 3 4 5 6 7 8 9 10 120 35 0 0 20 0 1';
    expect(statTicks(stat)).toBe(155);
  });
});
