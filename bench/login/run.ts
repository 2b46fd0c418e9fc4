// `npm run bench:login`: bare argon2id verifications per second with the auth service's parameters,
// and full logins per second through the gateway of the embedded product (and directly at the auth
// service, for where the time goes), taking turns at the same concurrency, in one run; rewrites the `## Login`
// section of docs/benchmarks.md. DURATION (s), CONCURRENCY and ROUNDS override.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  argon2Options,
  hashPassword,
  verifyPassword,
} from '../../services/auth/src/adapters/security/passwords.ts';
import { createVerifiedUser, type Product, startProduct } from './product.ts';
import {
  type CpuProfile,
  type LoginReport,
  machineNote,
  median,
  overhead,
  profileBreakdown,
  type Row,
  renderLoginSection,
  replaceLoginSection,
  type Sample,
} from './report.ts';
import { requireWrk, runWrk } from './wrk.ts';

const here = import.meta.dirname;
const docsFile = path.resolve(here, '../../docs/benchmarks.md');
// Twice the thread pool's four threads, for both rows: with only four logins in flight the cores
// stand idle now and then during logins, which is not the login path's cost (ADR 31).
const concurrency = Number(process.env.CONCURRENCY ?? 8);
// Many short measurements rather than a few long ones: on a machine shared with other work, load
// changes within seconds, and measurements close together in time see the same load.
const duration = Number(process.env.DURATION ?? 5);
const rounds = Number(process.env.ROUNDS ?? 12);
const warmUp = 3;
const machine = machineNote();

// A made-up account that exists only in the benchmark's throw-away data folder.
const email = `bench.login.${Date.now()}@example.ch`;
// Not built from the account's name or address ("Bench Login", bench.login.…): the sign-up refuses those.
const password = 'Quiet#Harbor2025';

const ownCpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The product's CPU while it serves nothing (outbox relays, schedules and timers of six services):
 * measured during the bare rows, and taken off the logins' CPU so that only the logins count.
 */
const idleProductCpu = {
  micros: 0,
  seconds: 0,
  push(micros: number, seconds: number) {
    this.micros += micros;
    this.seconds += seconds;
  },
  perSecond() {
    return this.seconds > 0 ? this.micros / this.seconds : 0;
  },
};

/** `concurrency` verifications in flight for `seconds`, each of the right password against its hash. */
async function bareVerifications(hash: string, product: Product, seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const productBefore = await product.cpu();
  const cpuBefore = ownCpu();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const began = performance.now();
        if (!(await verifyPassword(hash, password))) errors += 1;
        latencies.push(performance.now() - began);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = ownCpu() - cpuBefore;
  idleProductCpu.push((await product.cpu()) - productBefore, elapsed);
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    perSecond: latencies.length / elapsed,
    seconds: elapsed,
    processCpuMicros: cpu,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    cpuMicrosPerOp: cpu / Math.max(1, latencies.length),
    loadCpuMicrosPerOp: 0,
  };
}

let clients = 0;

const loginBody = new URLSearchParams({
  username: email,
  password,
  grant_type: 'password',
  scope: '',
}).toString();

/** `concurrency` connections logging in for `seconds` (wrk, wrk.ts); only answers of 200 count. */
async function logins(base: string, product: Product, seconds: number): Promise<Sample> {
  const productBefore = await product.cpu();
  const result = await runWrk({
    base,
    connections: concurrency,
    seconds,
    body: loginBody,
    // Every request has its own client address, in this run and the ones before it.
    firstClient: clients,
  });
  clients += result.ok + result.other + result.errors + concurrency;
  const productCpu = (await product.cpu()) - productBefore;
  return {
    operations: result.ok,
    perSecond: result.ok / result.seconds,
    seconds: result.seconds,
    processCpuMicros: productCpu,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors: result.other + result.errors,
    cpuMicrosPerOp: productCpu / Math.max(1, result.ok),
    loadCpuMicrosPerOp: result.cpuMicros / Math.max(1, result.ok),
  };
}

requireWrk();
const product = await startProduct();
try {
  console.log(`product at ${product.urls.url}; ${concurrency} in flight, ${rounds} rounds of ${duration} s`);
  await createVerifiedUser(product.urls, email, password);
  const check = await fetch(`${product.urls.url}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: loginBody,
  });
  if (check.status !== 200) throw new Error(`a login answered ${check.status}: ${await check.text()}`);
  const hash = await hashPassword(password);

  const bare: Row = { label: 'bare argon2id verifications', samples: [] };
  const gateway: Row = { label: 'logins through the gateway', samples: [] };
  const direct: Row = { label: 'logins directly at the auth service (reference)', samples: [] };
  const measureBare = async (seconds: number) => {
    const sample = await bareVerifications(hash, product, seconds);
    bare.samples.push(sample);
    return sample;
  };
  const loginsAt: Array<[Row, string]> = [
    [gateway, product.urls.url],
    [direct, product.urls.auth],
  ];
  await bareVerifications(hash, product, warmUp);
  for (const [, base] of loginsAt) await logins(base, product, warmUp);
  // Bare verifications and logins take turns: bare, gateway, bare, direct, bare, gateway, … Each
  // login measurement is compared with the mean of the bare ones just before and just after it,
  // so a machine that speeds up or slows down over the seconds between weighs on both sides alike.
  let before = await measureBare(duration);
  for (let round = 0; round < rounds; round += 1) {
    for (const [row, base] of loginsAt) {
      const sample = await logins(base, product, duration);
      const after = await measureBare(duration);
      sample.baselinePerSecond = (before.perSecond + after.perSecond) / 2;
      row.samples.push(sample);
      console.log(
        `round ${round + 1}, ${row.label}: ${sample.perSecond.toFixed(1)}/s against ${sample.baselinePerSecond.toFixed(1)} bare/s, p50 ${sample.p50Ms.toFixed(0)} ms, p99 ${sample.p99Ms.toFixed(0)} ms, ${(sample.cpuMicrosPerOp / 1000).toFixed(1)} ms CPU each, ${sample.errors} errors`,
      );
      before = after;
    }
  }

  // Where a login's time goes: a CPU profile of the product during more logins through the gateway,
  // outside the measured rounds so the profiler does not slow them down.
  await product.ask('profile-start', 'profiling');
  const profiled = await logins(product.urls.url, product, duration);
  const profile = await product.ask<CpuProfile>('profile-stop', 'profile');
  const breakdown = profileBreakdown(profile, profiled.operations);
  // PROFILE_OUT=<file.cpuprofile>: the raw profile, for Chrome DevTools or a closer look.
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

  // The logins' CPU without what the product spends anyway while idle.
  const idle = idleProductCpu.perSecond();
  for (const row of [gateway, direct]) {
    for (const sample of row.samples) {
      sample.cpuMicrosPerOp =
        Math.max(0, sample.processCpuMicros - idle * sample.seconds) / Math.max(1, sample.operations);
    }
  }
  console.log(`the idle product uses ${(idle / 1000).toFixed(1)} ms of CPU per second`);

  const report: LoginReport = {
    command: 'npm run bench:login',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    concurrency,
    durationSeconds: duration,
    argon2: {
      memoryKiB: argon2Options.memoryCost,
      timeCost: argon2Options.timeCost,
      parallelism: argon2Options.parallelism,
    },
    threadpool: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    bare,
    gateway,
    direct,
    profile: breakdown,
    idleProductCpuMsPerSecond: idle / 1000,
  };
  const result = overhead(report.gateway);
  console.log(
    `bare ${median(report.bare.samples.map((s) => s.perSecond)).toFixed(1)}/s, through the gateway ${median(report.gateway.samples.map((s) => s.perSecond)).toFixed(1)}/s: the login path costs ${(result.median * 100).toFixed(1)} % over the hash (target ≤ 15 %: ${result.meetsTarget ? 'met' : 'missed'})`,
  );
  let existing: string | undefined;
  try {
    existing = readFileSync(docsFile, 'utf8');
  } catch {
    existing = undefined;
  }
  writeFileSync(docsFile, replaceLoginSection(existing, renderLoginSection(report, machine)));
  console.log(`wrote ${path.relative(process.cwd(), docsFile)}`);
} finally {
  // Requests the load generator abandoned at the end of a run finish before the product stops.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  product.child.send('stop');
  await new Promise((resolve) => product.child.once('exit', resolve));
}
