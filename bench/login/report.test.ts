import { describe, expect, it } from 'vitest';
import {
  type CpuProfile,
  type LoginReport,
  overhead,
  profileBreakdown,
  type Row,
  renderLoginSection,
  replaceLoginSection,
  type Sample,
} from './report.ts';

const sample = (perSecond: number, cpuMs: number, loadMs = 0): Sample => ({
  operations: perSecond * 10,
  perSecond,
  seconds: 10,
  processCpuMicros: perSecond * 10 * cpuMs * 1000,
  p50Ms: 100,
  p99Ms: 300,
  errors: 0,
  cpuMicrosPerOp: cpuMs * 1000,
  loadCpuMicrosPerOp: loadMs * 1000,
});
/** A login measurement, with the bare rate measured around it. */
const login = (perSecond: number, cpuMs: number, bareAround: number): Sample => ({
  ...sample(perSecond, cpuMs, 0.2),
  baselinePerSecond: bareAround,
});
const row = (label: string, ...samples: Sample[]): Row => ({ label, samples });

function report(bare: Row, gateway: Row): LoginReport {
  return {
    command: 'npm run bench:login',
    date: '2025-09-12 10:00 UTC',
    concurrency: 4,
    durationSeconds: 10,
    argon2: { memoryKiB: 19456, timeCost: 2, parallelism: 1 },
    threadpool: 4,
    bare,
    gateway,
    direct: row('direct', login(40, 18, 100)),
  };
}

describe('overhead', () => {
  it('is the bare rate around each login measurement over its login rate minus one, with the median against 15 %', () => {
    const result = overhead(row('login', login(90, 16, 100), login(60, 16, 80), login(85, 16, 90)));
    expect(result.perRound.map((r) => Number(r.toFixed(3)))).toEqual([0.111, 0.333, 0.059]);
    expect(result.median).toBeCloseTo(0.111, 3);
    expect(result.meetsTarget).toBe(true);
  });

  it('misses above 15 %, and a round without logins is infinitely expensive', () => {
    expect(overhead(row('l', login(80, 20, 100))).meetsTarget).toBe(false);
    expect(overhead(row('l', login(0, 0, 100))).median).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses a login measurement that has no bare rate beside it', () => {
    expect(() => overhead(row('gw', sample(80, 20)))).toThrow('gw: a measurement without its bare rate');
  });
});

describe('profileBreakdown', () => {
  // root → node:_http_server (3) → express handler (4) → pglite query (5) → native write (6);
  // root → (garbage collector) (7); root → (idle) (8); root → node:internal/timers (9)
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [3, 7, 8, 9] },
      { id: 3, callFrame: { functionName: 'emit', url: 'node:_http_server' }, children: [4] },
      {
        id: 4,
        callFrame: { functionName: 'handle', url: 'file:///x/node_modules/express/lib/router.js' },
        children: [5],
      },
      {
        id: 5,
        callFrame: { functionName: 'query', url: 'file:///x/node_modules/@electric-sql/pglite/dist/a.js' },
        children: [6],
      },
      { id: 6, callFrame: { functionName: 'writeBuffer', url: '' } },
      { id: 7, callFrame: { functionName: '(garbage collector)', url: '' } },
      { id: 8, callFrame: { functionName: '(idle)', url: '' } },
      { id: 9, callFrame: { functionName: 'processTimers', url: 'node:internal/timers' } },
    ],
    samples: [6, 6, 5, 4, 3, 7, 8, 9],
    timeDeltas: [1000, 1000, 1000, 500, 250, 250, 5000, 250],
  };

  it('counts native code and Node internals for the nearest package caller; idle apart', () => {
    const breakdown = profileBreakdown(profile, 2);
    expect(breakdown.idleMs).toBe(5);
    expect(breakdown.parts).toEqual([
      { label: 'PGlite (Postgres in WebAssembly) with drizzle', ms: 3 },
      { label: "Express, zod and the services' own code", ms: 0.5 },
      { label: 'Node.js internals (HTTP, streams, timers) and other', ms: 0.5 },
      { label: 'garbage collection', ms: 0.25 },
    ]);
  });

  it("leaves out the benchmark's own profiler calls", () => {
    const withProfiler: CpuProfile = {
      nodes: [
        ...profile.nodes.map((n) => (n.id === 1 ? { ...n, children: [...(n.children ?? []), 10] } : n)),
        { id: 10, callFrame: { functionName: 'profile', url: 'file:///x/bench/login/start-product.ts' } },
      ],
      samples: [...profile.samples!, 10],
      timeDeltas: [...profile.timeDeltas!, 9000],
    };
    expect(profileBreakdown(withProfiler, 2)).toEqual(profileBreakdown(profile, 2));
  });

  it('renders per login in the section', () => {
    const section = renderLoginSection(
      {
        ...report(row('bare', sample(100, 14)), row('gw', login(95, 15, 100))),
        profile: profileBreakdown(profile, 2),
      },
      '2 cores',
    );
    expect(section).toContain('| PGlite (Postgres in WebAssembly) with drizzle | 1.50 | 71 % |');
    expect(section).toContain('| total busy | 2.13 | 100 % |');
  });
});

describe('renderLoginSection', () => {
  it('states the command, the machine, both rates and the verdict', () => {
    const section = renderLoginSection(
      report(row('bare argon2id', sample(100, 14)), row('gw', login(95, 15, 100))),
      '2 cores (test CPU)',
    );
    expect(section.startsWith('## Login\n')).toBe(true);
    expect(section).toContain('`npm run bench:login`');
    expect(section).toContain('Machine: 2 cores (test CPU).');
    expect(section).toContain('| bare argon2id | 100.0 /s |');
    expect(section).toContain('| gw | 95.0 /s |');
    expect(section).toContain('| through the gateway | +5.3 % | met |');
    expect(section).toContain('By CPU time, a login costs +7.1 % over a verification');
  });

  it('explains eight in flight, and says what as many as the pool has threads costs the logins', () => {
    const eight = renderLoginSection(
      { ...report(row('bare', sample(100, 14)), row('gw', login(95, 15, 100))), concurrency: 8 },
      '2 cores',
    );
    expect(eight).toContain('- Why 8 in flight: the product hashes on a pool of 4 threads.');
    const four = renderLoginSection(
      report(row('bare', sample(100, 14)), row('gw', login(95, 15, 100))),
      '2 cores',
    );
    expect(four).toContain('- Note: 4 in flight, no more than the pool');
    expect(four).not.toContain('Why 4 in flight');
  });

  it('both missed: the CPU reading says the target would be missed on a quiet machine too', () => {
    const section = renderLoginSection(
      report(row('bare', sample(100, 14)), row('gw', login(60, 21, 100))),
      '2 cores',
    );
    expect(section).toContain('| through the gateway | +66.7 % | missed |');
    expect(section).toContain('target missed. By CPU time a login costs +50.0 %');
    expect(section).toContain('the Login floor section (`npm run bench:login-floor`)');
  });

  it('says so when the CPU figures miss the target though the rates met it', () => {
    const section = renderLoginSection(
      report(row('bare', sample(100, 14)), row('gw', login(95, 21, 100))),
      '2 cores',
    );
    expect(section).toContain('target met.');
    expect(section).toContain('By CPU time, though, a login costs +50.0 %');
  });
});

describe('replaceLoginSection', () => {
  const doc = '# Benchmarks\n\nIntro.\n\n## Gateway\n\ng\n\n## Login\n\nold\n\n## Web budget\n\nw\n';

  it('replaces only the Login section and keeps the others in place', () => {
    expect(replaceLoginSection(doc, '## Login\n\nnew\n')).toBe(
      '# Benchmarks\n\nIntro.\n\n## Gateway\n\ng\n\n## Login\n\nnew\n\n## Web budget\n\nw\n',
    );
  });

  it('appends the section, or starts the file', () => {
    expect(replaceLoginSection('# Benchmarks\n\n## Gateway\n\ng\n', '## Login\n\nnew\n')).toBe(
      '# Benchmarks\n\n## Gateway\n\ng\n\n## Login\n\nnew\n',
    );
    expect(replaceLoginSection(undefined, '## Login\n\nnew\n')).toMatch(
      /^# Benchmarks\n[\s\S]*\n## Login\n\nnew\n$/,
    );
  });
});
