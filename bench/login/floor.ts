// `npm run bench:login-floor`: CPU per login by thread for a minimal login and for the product's,
// each with the product's argon2id hash and with a small-memory hash of the same length, next to
// bare verifications of each hash; rewrites the `## Login floor` section of docs/benchmarks.md.
// It answers what run.ts cannot: how much of a login's cost over its hash any login built on these
// parts pays on this machine, and how much is the product's own. DURATION (s) and ROUNDS override.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { argon2Options } from '../../services/auth/src/adapters/security/passwords.ts';
import {
  type FloorReport,
  type FloorRow,
  type FloorSample,
  renderFloorSection,
  replaceSection,
  totalMicros,
} from './floor-report.ts';
import { askChild, createVerifiedUser, forkReady, startProduct } from './product.ts';
import { machineNote } from './report.ts';
import { cpuSince, type ThreadGroup, threadCpu } from './threads.ts';
import { requireWrk, runWrk } from './wrk.ts';

const here = import.meta.dirname;
const docsFile = path.resolve(here, '../../docs/benchmarks.md');
const concurrency = 8;
const duration = Number(process.env.DURATION ?? 4);
const rounds = Number(process.env.ROUNDS ?? 4);
const machine = machineNote();
const email = `bench.floor.${Date.now()}@example.ch`;
// Not built from the account's name or address ("Bench Login", bench.login.…): the sign-up refuses those.
const password = 'Quiet#Harbor2025';
const SMALL_MEMORY_KIB = 64;

/** CPU of this process per verification of `stored`, in µs (as the bare rows measure it). */
async function verifyCost(stored: string, seconds: number): Promise<number> {
  return totalMicros(await bare(stored, seconds));
}

/**
 * A 64 KiB argon2id hash whose time cost makes it cost as much CPU as the product's, measured as the
 * bare rows are (eight in flight: the product's hashes also slow each other down through the caches).
 */
async function smallMemoryHash(realHash: string): Promise<{ stored: string; timeCost: number }> {
  const options = { algorithm: 2 as Algorithm, memoryCost: SMALL_MEMORY_KIB, parallelism: 1 };
  const target = await verifyCost(realHash, 3);
  let timeCost = 1000;
  for (let step = 0; step < 2; step += 1) {
    const cost = await verifyCost(await hash(password, { ...options, timeCost }), 2);
    timeCost = Math.max(1, Math.round((timeCost * target) / cost));
  }
  return { stored: await hash(password, { ...options, timeCost }), timeCost };
}

const body = new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }).toString();
let clients = 0;

/** Logins at `base` for `seconds`, with the CPU of process `pid` per login by thread group. */
async function logins(
  base: string,
  pid: number,
  idlePerSecond: Map<ThreadGroup, number>,
): Promise<FloorSample> {
  const before = threadCpu(pid);
  const result = await runWrk({
    base,
    connections: concurrency,
    seconds: duration,
    body,
    firstClient: clients,
  });
  const used = cpuSince(before, threadCpu(pid));
  clients += result.ok + result.other + result.errors + concurrency;
  const cpuPerOp = new Map<ThreadGroup, number>();
  for (const [group, micros] of used) {
    const idle = (idlePerSecond.get(group) ?? 0) * result.seconds;
    cpuPerOp.set(group, Math.max(0, micros - idle) / Math.max(1, result.ok));
  }
  return { operations: result.ok, cpuPerOp, errors: result.other + result.errors };
}

/** `concurrency` verifications in flight in this process for `seconds`. */
async function bare(stored: string, seconds = duration): Promise<FloorSample> {
  const before = threadCpu(process.pid);
  let operations = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (await verify(stored, password)) operations += 1;
        else errors += 1;
      }
    }),
  );
  const used = cpuSince(before, threadCpu(process.pid));
  const cpuPerOp = new Map([...used].map(([group, micros]) => [group, micros / Math.max(1, operations)]));
  return { operations, cpuPerOp, errors };
}

/** CPU per second by thread group of process `pid` while nothing is asked of it. */
async function idleCpu(pid: number, seconds: number): Promise<Map<ThreadGroup, number>> {
  const before = threadCpu(pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return new Map([...cpuSince(before, threadCpu(pid))].map(([group, micros]) => [group, micros / seconds]));
}

requireWrk();
const product = await startProduct();
const minimal = await forkReady<{ url: string }>('minimal-login.ts', 'the minimal login').then(
  ({ child, ready }) => ({ child, url: ready.url }),
);
try {
  await createVerifiedUser(product.urls, email, password);
  const realHash = await hash(password, argon2Options);
  const small = await smallMemoryHash(realHash);
  console.log(`small-memory hash: ${SMALL_MEMORY_KIB} KiB, t = ${small.timeCost} (as long as the product's)`);
  const hashes = { real: realHash, small: small.stored } as const;
  const subjects = ['bare', 'minimal', 'product'] as const;
  const rows: FloorRow[] = (['real', 'small'] as const).flatMap((kind) =>
    subjects.map((subject) => ({ subject, hash: kind, samples: [] as FloorSample[] })),
  );
  const rowFor = (subject: FloorRow['subject'], kind: FloorRow['hash']) =>
    rows.find((r) => r.subject === subject && r.hash === kind)!;
  const idle = {
    product: await idleCpu(product.child.pid!, 3),
    minimal: await idleCpu(minimal.child.pid!, 3),
  };
  const setHash = async (stored: string) => {
    const account = { email, passwordHash: stored };
    await askChild(product.child, { account }, 'accountSet');
    await askChild(minimal.child, { account }, 'accountSet');
  };
  // Warm-up, then rounds in which every row is measured once; the hash kinds alternate in order.
  await setHash(hashes.real);
  for (const base of [minimal.url, product.urls.url]) {
    await runWrk({ base, connections: concurrency, seconds: 2, body, firstClient: clients });
    clients += 10_000;
  }
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['real', 'small'] as const) : (['small', 'real'] as const);
    for (const kind of order) {
      await setHash(hashes[kind]);
      rowFor('bare', kind).samples.push(await bare(hashes[kind]));
      rowFor('minimal', kind).samples.push(await logins(minimal.url, minimal.child.pid!, idle.minimal));
      rowFor('product', kind).samples.push(await logins(product.urls.url, product.child.pid!, idle.product));
      const measured = rows
        .filter((r) => r.hash === kind)
        .map((r) => {
          const sample = r.samples.at(-1)!;
          const main = sample.cpuPerOp.get('main thread') ?? 0;
          return `${r.subject} ${(totalMicros(sample) / 1000).toFixed(2)} ms (main ${(main / 1000).toFixed(2)})`;
        });
      console.log(`round ${round + 1}, ${kind} hash: ${measured.join(', ')}`);
    }
  }
  const report: FloorReport = {
    command: 'npm run bench:login-floor',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine,
    concurrency,
    durationSeconds: duration,
    rounds,
    real: { memoryKiB: argon2Options.memoryCost, timeCost: argon2Options.timeCost },
    small: { memoryKiB: SMALL_MEMORY_KIB, timeCost: small.timeCost },
    rows,
  };
  writeFileSync(docsFile, replaceSection(readFileSync(docsFile, 'utf8'), renderFloorSection(report)));
  console.log(`wrote ${path.relative(process.cwd(), docsFile)}`);
} finally {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  minimal.child.send('stop');
  product.child.send('stop');
  await Promise.all([
    new Promise((resolve) => minimal.child.once('exit', resolve)),
    new Promise((resolve) => product.child.once('exit', resolve)),
  ]);
}
