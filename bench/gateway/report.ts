import { median, replaceSection } from '../benchmarks-doc.ts';

export { machineNote, median } from '../benchmarks-doc.ts';

/** One measurement of one target in one round. */
export interface Sample {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /**
   * CPU time the measured process spent per call: the service for the direct row, the proxy alone
   * for the others. Unlike throughput it hardly depends on what else runs on the machine.
   */
  cpuMicrosPerRequest: number;
}

export interface Target {
  label: string;
  /** One sample per round, in round order. */
  samples: Sample[];
}

export interface BenchReport {
  command: string;
  date: string;
  connections: number;
  durationSeconds: number;
  path: string;
  direct: Target;
  /** Through the gateway. */
  proxied: Target[];
  /** Reference rows that are not product paths (shown, not judged). */
  references: Target[];
}

export const target = { throughputRatio: 0.5, addedP99Ms: 10 };

/**
 * Each round compares a target with the direct measurement of the same round (taken minutes apart
 * at most, under the same outside load); the verdict uses the median over rounds.
 */
export function compare(direct: Target, proxied: Target) {
  const rounds = proxied.samples.map((sample, i) => {
    const base = direct.samples[i]!;
    return {
      ratio: sample.requestsPerSecond / base.requestsPerSecond,
      addedP50: sample.p50Ms - base.p50Ms,
      addedP99: sample.p99Ms - base.p99Ms,
    };
  });
  const ratio = median(rounds.map((r) => r.ratio));
  const addedP50 = median(rounds.map((r) => r.addedP50));
  const addedP99 = median(rounds.map((r) => r.addedP99));
  return {
    rounds,
    ratio,
    addedP50,
    addedP99,
    meetsTarget: ratio >= target.throughputRatio && addedP99 <= target.addedP99Ms,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The `## Gateway` section of docs/benchmarks.md. */
export function renderGatewaySection(report: BenchReport, machine: string): string {
  const row = (t: Target) => {
    const rps = t.samples.map((s) => s.requestsPerSecond);
    const errors = t.samples.reduce((sum, s) => sum + s.errors, 0);
    const cpu = median(t.samples.map((s) => s.cpuMicrosPerRequest));
    return `| ${t.label} | ${fmt(median(rps))} | ${fmt(median(t.samples.map((s) => s.p50Ms)), 1)} | ${fmt(median(t.samples.map((s) => s.p99Ms)), 1)} | ${fmt(cpu)} | ${errors} | ${rps.map((r) => fmt(r)).join(', ')} |`;
  };
  const verdict = (t: Target) => {
    const c = compare(report.direct, t);
    const signed = (n: number) => `${n >= 0 ? '+' : '−'}${fmt(Math.abs(n))}`;
    const perRound = c.rounds.map((r) => `${fmt(r.ratio * 100)} % / ${signed(r.addedP99)}`).join(', ');
    return `| ${t.label} | ${fmt(c.ratio * 100)} % | ${fmt(c.addedP50, 1)} ms | ${fmt(c.addedP99, 1)} ms | ${c.meetsTarget ? 'met' : 'missed'} | ${perRound} |`;
  };
  const rounds = report.direct.samples.length;
  const cpuOf = (t: Target | undefined) => (t ? median(t.samples.map((s) => s.cpuMicrosPerRequest)) : 0);
  const service = cpuOf(report.direct);
  const gateway = cpuOf(report.proxied[0]);
  const bare = cpuOf(report.references[0]);
  const reading =
    service > 0 && gateway > 0
      ? `Reading: the service spends ${fmt(service)} µs of CPU per call, the ${report.proxied[0]!.label.replace(/^gateway, /, '')} gateway ${fmt(gateway)} µs${bare > 0 ? ` and a bare proxy hop ${fmt(bare)} µs` : ''}. Where the cores are the limit, as here, every proxied call adds the gateway's CPU to the service's on the same cores: counting those two alone, the gateway leaves about ${fmt((service / (service + gateway)) * 100)} % of direct throughput (the load generator's own share pushes the measured ratio up, other work on the machine moves it either way). On separate cores or machines the gateway's cost shows as latency, not lost throughput. The p99 figures move most with outside load (see the rounds).\n`
      : '';
  return `## Gateway

Throughput and latency of one small JSON call (\`GET ${report.path}\`, answered by a kit-built
service) measured directly at the service and through the gateway, in the same run.

- Command: \`${report.command}\` (rewrites this section; \`DURATION\`, \`CONNECTIONS\`, \`ROUNDS\` override).
- Run: ${report.date}; ${report.connections} connections; ${rounds} rounds, each measuring every row for ${report.durationSeconds} s after
  a 1 s warm-up (the order reverses every other round). Each gateway row is compared with the direct
  row of the same round, and the tables show medians over the rounds, so that changes in outside
  load during the run weigh on both sides of a comparison alike.
- Processes: autocannon in the main process; the service, each gateway and the reference proxy in a
  process each (so a proxied measurement has three busy processes on the cores, a direct one two).
- Machine: ${machine}.
- The gateway runs as deployed (request ids, access log, metrics, security headers, per-IP limiter
  with the memory store, identity header stripping, readiness gate); only the limit is out of reach.
- Target: proxied throughput at least ${target.throughputRatio * 100} % of direct and added p99 at most ${target.addedP99Ms} ms, at ${report.connections} connections.

| measurement (medians) | req/s | p50 ms | p99 ms | CPU µs per call | errors | req/s per round |
|---|---:|---:|---:|---:|---:|---|
${[report.direct, ...report.proxied, ...report.references].map(row).join('\n')}

| through the gateway | throughput vs direct | added p50 | added p99 | target | per round: throughput / added p99 ms |
|---|---:|---:|---:|---|---|
${report.proxied.map(verdict).join('\n')}

The gateway has one network engine, undici (ADR 71). The reference row (a bare undici proxy: no Express,
no middleware) is not a product path; it shows what a proxy hop costs on this machine at all, and
so how much of the gateway's cost is its own features. "CPU µs per call" is the CPU time of the
measured process alone (the service for the direct row, the proxy for the others): the steadiest
number here when other work shares the cores.

${reading}`;
}

/** Replaces the `## Gateway` section (up to the next `## `), or appends it; starts the file if needed. */
export const replaceGatewaySection = (existing: string | undefined, section: string): string =>
  replaceSection(existing, '## Gateway', section);
