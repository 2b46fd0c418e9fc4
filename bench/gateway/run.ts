// `npm run bench:gateway`: the same call directly at a service and through the gateway, in one run;
// rewrites the `## Gateway` section of docs/benchmarks.md. DURATION (s), CONNECTIONS and ROUNDS override.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type BenchReport,
  compare,
  machineNote,
  renderGatewaySection,
  replaceGatewaySection,
  type Target,
} from './report.ts';

const here = import.meta.dirname;
// The gateway and the upstream (children, which inherit the environment) share one key (ADR 43).
process.env.INTERNAL_SIGNING_KEY ||= randomBytes(32).toString('base64url');
const docsFile = path.resolve(here, '../../docs/benchmarks.md');
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 6);
const rounds = Number(process.env.ROUNDS ?? 5);
const callPath = '/api/v1/settings/options';
const machine = machineNote();

const children: ChildProcess[] = [];

interface Child {
  url: string;
  /** CPU time (user + system, µs) the process has used so far. */
  cpu(): Promise<number>;
}

function start(script: string, env: Record<string, string> = {}): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    const cpu = () =>
      new Promise<number>((done) => {
        const onMessage = (message: unknown) => {
          const usage = (message as { cpu?: NodeJS.CpuUsage }).cpu;
          if (!usage) return;
          child.off('message', onMessage);
          done(usage.user + usage.system);
        };
        child.on('message', onMessage);
        child.send('cpu');
      });
    child.once('message', (message) => resolve({ url: (message as { url: string }).url, cpu }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const load = (url: string, seconds: number) =>
  autocannon({ url: `${url}${callPath}`, connections, duration: seconds });

try {
  const upstream = await start('start-upstream.ts');
  const targets: Array<Target & { process: Child }> = [
    { label: 'direct to the service', process: upstream, samples: [] },
    {
      label: 'gateway, undici engine',
      process: await start('start-gateway.ts', { UPSTREAM_URL: upstream.url }),
      samples: [],
    },
    {
      label: 'reference: bare undici proxy',
      process: await start('start-bare-proxy.ts', { UPSTREAM_URL: upstream.url }),
      samples: [],
    },
  ];
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? targets : [...targets].reverse();
    for (const target of order) {
      await load(target.process.url, 1); // warm-up: JIT, pools, keep-alive connections
      const cpuBefore = await target.process.cpu();
      const result = await load(target.process.url, duration);
      const cpuUsed = (await target.process.cpu()) - cpuBefore;
      target.samples.push({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        cpuMicrosPerRequest: cpuUsed / Math.max(1, result.requests.total),
      });
      console.log(
        `round ${round}, ${target.label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
  }
  const [direct, ...rest] = targets.map(({ label, samples }) => ({ label, samples }));
  const report: BenchReport = {
    command: 'npm run bench:gateway',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    connections,
    durationSeconds: duration,
    path: callPath,
    direct: direct!,
    proxied: rest.slice(0, 1),
    references: rest.slice(1),
  };
  for (const t of report.proxied) {
    const c = compare(report.direct, t);
    console.log(
      `${t.label}: ${(c.ratio * 100).toFixed(0)} % of direct, +${c.addedP50.toFixed(1)} ms p50, +${c.addedP99.toFixed(1)} ms p99 (medians): target ${c.meetsTarget ? 'met' : 'missed'}`,
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
