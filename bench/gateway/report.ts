import { cpus, loadavg, totalmem } from 'node:os';

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Requests per second of every round, in order; the fields above are the best round's. */
  rounds: number[];
}

export interface BenchReport {
  command: string;
  date: string;
  connections: number;
  durationSeconds: number;
  path: string;
  direct: Measurement;
  /** Through the gateway, one per engine. */
  proxied: Measurement[];
  /** Reference rows that are not product paths (shown, not judged). */
  references: Measurement[];
  defaultEngine: string;
}

export const target = { throughputRatio: 0.5, addedP99Ms: 10 };

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function compare(direct: Measurement, proxied: Measurement) {
  const ratio = proxied.requestsPerSecond / direct.requestsPerSecond;
  const addedP50 = proxied.p50Ms - direct.p50Ms;
  const addedP99 = proxied.p99Ms - direct.p99Ms;
  return {
    ratio,
    addedP50,
    addedP99,
    meetsTarget: ratio >= target.throughputRatio && addedP99 <= target.addedP99Ms,
  };
}

export function machineNote(): string {
  const cpu = cpus();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; load average ${load} (1/5/15 min) when the run started: other work shared the cores`;
}

/** The `## Gateway` section of docs/benchmarks.md. */
export function renderGatewaySection(report: BenchReport, machine: string): string {
  const row = (m: Measurement) =>
    `| ${m.label} | ${fmt(m.requestsPerSecond)} | ${fmt(m.p50Ms, 1)} | ${fmt(m.p99Ms, 1)} | ${m.errors} | ${m.rounds.map((r) => fmt(r)).join(', ')} |`;
  const verdict = (m: Measurement) => {
    const c = compare(report.direct, m);
    return `| ${m.label} | ${fmt(c.ratio * 100)} % | ${fmt(c.addedP50, 1)} ms | ${fmt(c.addedP99, 1)} ms | ${c.meetsTarget ? 'met' : 'missed'} |`;
  };
  return `## Gateway

Throughput and latency of one small JSON call (\`GET ${report.path}\`, answered by a kit-built
service) measured directly at the service and through the gateway, in the same run.

- Command: \`${report.command}\` (rewrites this section; \`DURATION\`, \`CONNECTIONS\`, \`ROUNDS\` override).
- Run: ${report.date}; ${report.connections} connections, ${report.durationSeconds} s per measurement after a 1 s
  warm-up; the measurements take turns for ${report.direct.rounds.length} rounds and each row shows its best round
  (the one least disturbed by other work), with every round's req/s beside it.
- Processes: autocannon in the main process; the service, each gateway and the reference proxy in a
  process each.
- Machine: ${machine}.
- The gateway runs as deployed (request ids, access log, metrics, security headers, per-IP limiter
  with the memory store, identity header stripping); only the limit is raised out of reach.
- Target: proxied throughput at least ${target.throughputRatio * 100} % of direct and added p99 at most ${target.addedP99Ms} ms, at ${report.connections} connections.

| measurement | req/s | p50 ms | p99 ms | errors | req/s per round |
|---|---:|---:|---:|---:|---|
${[report.direct, ...report.proxied, ...report.references].map(row).join('\n')}

| through the gateway | throughput vs direct | added p50 | added p99 | target |
|---|---:|---:|---:|---|
${report.proxied.map(verdict).join('\n')}

Default engine: \`${report.defaultEngine}\`. \`PROXY_ENGINE=http-proxy\` switches the gateway back to
http-proxy-middleware; both engines pass the same gateway test suite (SSE, time-outs, errors,
identity, request ids, byte-for-byte bodies). The reference row (a bare undici proxy with no
Express and no middleware) is not a product path: it shows what the gateway's own features cost.
`;
}

const intro = `# Benchmarks

Measured numbers of the parts of Innerview that have a performance target. Each section says how
to reproduce it.
`;

/** Replaces the `## Gateway` section (up to the next `## `), or appends it; starts the file if needed. */
export function replaceGatewaySection(existing: string | undefined, section: string): string {
  const text = existing?.trim() ? existing : intro;
  const start = text.search(/^## Gateway[ \t]*$/m);
  if (start === -1) return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = text.slice(start + 1).search(/^## /m);
  const rest = next === -1 ? '' : text.slice(start + 1 + next);
  return `${text.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}
