// `npm run bench:gateway`: the same call directly at a service and through the gateway, in one run;
// rewrites the `## Gateway` section of docs/benchmarks.md. DURATION (s), CONNECTIONS and ROUNDS override.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { gatewayDefaults } from '../../gateway/src/app.ts';
import {
  type BenchReport,
  compare,
  type Measurement,
  machineNote,
  renderGatewaySection,
  replaceGatewaySection,
} from './report.ts';

const here = import.meta.dirname;
const docsFile = path.resolve(here, '../../docs/benchmarks.md');
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const rounds = Number(process.env.ROUNDS ?? 3);
const callPath = '/api/v1/settings/options';
const machine = machineNote();

const children: ChildProcess[] = [];

function start(script: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // http-proxy (a dependency of http-proxy-middleware) uses a deprecated Node API.
      execArgv: ['--no-deprecation'],
    });
    children.push(child);
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const load = (url: string, seconds: number) =>
  autocannon({ url: `${url}${callPath}`, connections, duration: seconds });

interface Target {
  label: string;
  url: string;
  runs: autocannon.Result[];
}

function best(target: Target): Measurement {
  const byThroughput = [...target.runs].sort((a, b) => b.requests.average - a.requests.average);
  const top = byThroughput[0]!;
  return {
    label: target.label,
    requestsPerSecond: top.requests.average,
    p50Ms: top.latency.p50,
    p99Ms: top.latency.p99,
    errors: target.runs.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    rounds: target.runs.map((r) => r.requests.average),
  };
}

try {
  const upstream = await start('start-upstream.ts');
  const targets: Target[] = [
    { label: 'direct to the service', url: upstream, runs: [] },
    {
      label: 'gateway, undici engine',
      url: await start('start-gateway.ts', { UPSTREAM_URL: upstream, PROXY_ENGINE: 'undici' }),
      runs: [],
    },
    {
      label: 'gateway, http-proxy-middleware engine',
      url: await start('start-gateway.ts', { UPSTREAM_URL: upstream, PROXY_ENGINE: 'http-proxy' }),
      runs: [],
    },
    {
      label: 'reference: bare undici proxy',
      url: await start('start-bare-proxy.ts', { UPSTREAM_URL: upstream }),
      runs: [],
    },
  ];
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      await load(target.url, 1); // warm-up: JIT, pools, keep-alive connections
      const result = await load(target.url, duration);
      target.runs.push(result);
      console.log(
        `round ${round}, ${target.label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
  }
  const [direct, ...rest] = targets.map(best);
  const report: BenchReport = {
    command: 'npm run bench:gateway',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    connections,
    durationSeconds: duration,
    path: callPath,
    direct: direct!,
    proxied: rest.slice(0, 2),
    references: rest.slice(2),
    defaultEngine: gatewayDefaults.proxyEngine,
  };
  for (const m of report.proxied) {
    const c = compare(report.direct, m);
    console.log(
      `${m.label}: ${(c.ratio * 100).toFixed(0)} % of direct, +${c.addedP50.toFixed(1)} ms p50, +${c.addedP99.toFixed(1)} ms p99: target ${c.meetsTarget ? 'met' : 'missed'}`,
    );
  }
  let existing: string | undefined;
  try {
    existing = readFileSync(docsFile, 'utf8');
  } catch {
    existing = undefined;
  }
  writeFileSync(docsFile, replaceGatewaySection(existing, renderGatewaySection(report, machine)));
  console.log(`wrote ${path.relative(process.cwd(), docsFile)}`);
} finally {
  for (const child of children) if (child.connected) child.disconnect();
}
