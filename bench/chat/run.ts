// `npm run bench -w services/chat` (or `node bench/chat/run.ts`): time to first token straight at a
// fake model and through gateway + chat service in the same run, and streams held open at once;
// rewrites the `## Chat` section of docs/benchmarks.md. CONCURRENCY, SECONDS, ROUNDS, HOLD override.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { gatewayHeaders } from '@innerview/kit/testing/signed-calls';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { streamPool } from '../../gateway/src/proxy/forwarder.ts';
import {
  type CpuPerStream,
  type HoldRow,
  type HoldStep,
  type LatencyRow,
  machineNote,
  renderChatSection,
  replaceChatSection,
} from './report.ts';
import { clientAgent, percentile, timedStream } from './streams.ts';

const here = import.meta.dirname;
// The gateways and the chat service (children, which inherit the environment) share one key (ADR 43).
const signingKey = process.env.INTERNAL_SIGNING_KEY || randomBytes(32).toString('base64url');
process.env.INTERNAL_SIGNING_KEY = signingKey;
const docsFile = path.resolve(here, '../../docs/benchmarks.md');
const concurrency = Number(process.env.CONCURRENCY ?? 500);
// CPU per stream is read at a load where nothing queues (then whether the full load fits the cores
// is arithmetic, in the report).
const cpuConcurrency = Math.min(concurrency, Number(process.env.CPU_CONCURRENCY ?? 50));
const seconds = Number(process.env.SECONDS ?? 8);
const rounds = Number(process.env.ROUNDS ?? 3);
const tokenMs = 50;
const tokens = 60;
const machine = machineNote();

/** The soft and hard limits on open files of this process. */
function fdLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.split(/\s+/).slice(3, 5) ?? []).map(Number);
  return { soft: soft || 1024, hard: hard || soft || 1024 };
}
const limits = fdLimits();
const fdLimit = () => limits.hard;
// Children start with their soft limit raised to the hard one (see start()). Through the gateway a
// held stream costs the gateway one socket (the client's; streams to chat share a few HTTP/2
// connections) and this process one (its client side).
const fdCap = fdLimit() - 1000;
const hold = Math.min(Number(process.env.HOLD ?? 10_000), fdCap);
// The chat service's PostgreSQL pool in this run: 10 (the kit default) opened about 2,000-3,500 of the
// 10,000 held streams within the minute here, 30 all of them (each new stream stores a message, and a
// new person gets a data key, while the next stream's access read waits for a connection).
const poolSize = process.env.DATABASE_POOL_SIZE ?? '30';
// PARTS=latency or PARTS=hold runs one half (with DRY_RUN for a trial).
const parts = new Set((process.env.PARTS ?? 'latency,hold').split(','));
// The gateway has one engine (ADR 71); the rows keep its name so reports stay comparable.
const holdEngines = ['undici'] as const;
// Held-stream memory is also read on the way up, at these counts.
const holdSteps = [1000, 3000];
const memoryOf = (m: NodeJS.MemoryUsage) => ({
  rssMb: m.rss / 2 ** 20,
  heapTotalMb: m.heapTotal / 2 ** 20,
  heapUsedMb: m.heapUsed / 2 ** 20,
  externalMb: m.external / 2 ** 20,
  arrayBuffersMb: m.arrayBuffers / 2 ** 20,
});

type ChildStats = NodeJS.MemoryUsage & { cpu: NodeJS.CpuUsage; loopDelayMs: { p50: number; p99: number } };
interface Child {
  url: string;
  process: ChildProcess;
  stats(): Promise<ChildStats>;
  /** The heap in use after a full collection, in bytes. */
  live(): Promise<number>;
  /** Writes a heap snapshot named `name` into BENCH_HEAP_DIR (when set). */
  heap(name: string): Promise<void>;
  stop(): Promise<void>;
}

function start(script: string, env: Record<string, string> = {}): Promise<Child> {
  return new Promise((resolve, reject) => {
    // Through sh, to raise the soft limit on open files up to the hard one (ulimit -n).
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -n ${limits.hard} 2>/dev/null; exec "$0" "$@"`,
        process.execPath,
        '--no-deprecation',
        // Only so that the held-stream pass can read the live heap after its resident figure.
        '--expose-gc',
        // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each child, written when it exits.
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        path.join(here, script),
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    const ask = <T>(request: unknown, key: string) =>
      new Promise<T>((done) => {
        const onMessage = (message: unknown) => {
          const answer = (message as Record<string, T>)[key];
          if (answer === undefined) return;
          child.off('message', onMessage);
          done(answer);
        };
        child.on('message', onMessage);
        child.send(request as string);
      });
    const stats = () => ask<ChildStats>('stats', 'stats');
    const live = () => ask<number>('live', 'live');
    const heap = async (name: string) => {
      if (process.env.BENCH_HEAP_DIR)
        console.log(`heap snapshot: ${await ask<string>({ heap: name }, 'heapWritten')}`);
    };
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    child.once('message', (message) =>
      resolve({ url: (message as { url: string }).url, process: child, stats, live, heap, stop }),
    );
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
const publicJwk = JSON.stringify(await exportJWK(publicKey));
const tokenFor = (userId: string) =>
  new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(userId)
    .setAudience('innerview')
    .setIssuer('innerview-auth')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);

async function people(count: number): Promise<Array<{ userId: string; token: string }>> {
  const list = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    list.push({ userId, token: await tokenFor(userId) });
  }
  return list;
}

/**
 * Keeps `concurrency` streams open for one full turn plus `seconds`, a new one starting when one
 * ends, and returns the time to first token of the streams started after the first turn.
 */
async function measure(
  send: (worker: number) => Promise<{ firstTokenMs: number | null; ok: boolean }>,
  streamsAtOnce = concurrency,
  extraSeconds = seconds,
): Promise<Omit<LatencyRow, 'label'> & { completed: number; wallMs: number }> {
  const turnMs = tokens * tokenMs + 1000;
  const begin = performance.now();
  const measureFrom = begin + turnMs;
  const stopAt = measureFrom + extraSeconds * 1000;
  const times: number[] = [];
  let failed = 0;
  let completed = 0;
  await Promise.all(
    Array.from({ length: streamsAtOnce }, async (_, worker) => {
      while (performance.now() < stopAt) {
        const startedAt = performance.now();
        const result = await send(worker);
        completed++;
        if (startedAt < measureFrom) continue;
        if (result.ok && result.firstTokenMs !== null) times.push(result.firstTokenMs);
        else failed++;
      }
    }),
  );
  return {
    streams: times.length + failed,
    failed,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    completed,
    wallMs: performance.now() - begin,
  };
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

/**
 * CPU milliseconds used so far by the PostgreSQL backends serving database `name` (from /proc; 0
 * where there is none to read): the chat service's queries cost CPU on the same cores.
 */
function databaseCpuMs(name: string | undefined): number {
  if (!name) return 0;
  let total = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks of 10 ms.
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

const children: Child[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-chat-'));
function usersFile(name: string, list: Array<{ userId: string }>): string {
  const file = path.join(scratch, `${name}.txt`);
  writeFileSync(file, list.map((p) => p.userId).join('\n'));
  return file;
}
const notes: string[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let databaseName: string | undefined;
try {
  let databaseUrl = 'memory://';
  let databaseLabel = 'PGlite in memory';
  try {
    database = await createTestDatabase('iv_chat_bench');
    databaseUrl = database.url;
    databaseName = new URL(database.url).pathname.slice(1);
    databaseLabel = 'PostgreSQL (local server)';
  } catch {
    notes.push('No PostgreSQL server answered: the chat service ran on PGlite in memory.');
  }
  const results: LatencyRow[][] = [];
  const lowLoad: LatencyRow[] = [];
  const fast = await people(concurrency);
  const model = await start('start-fake-model.ts', { TOKENS: String(tokens), TOKEN_MS: String(tokenMs) });
  children.push(model);
  const chat = await start('start-chat.ts', {
    DATABASE_URL: databaseUrl,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_MODEL: 'bench-model',
    DATABASE_POOL_SIZE: poolSize,
    BENCH_USERS_FILE: usersFile('fast', fast),
  });
  children.push(chat);
  const engines = ['undici'] as const;
  const gateways = await Promise.all(
    engines.map(() =>
      start('start-gateway.ts', {
        UPSTREAM_URL: chat.url,
        BENCH_PUBLIC_JWK: publicJwk,
      }),
    ),
  );
  children.push(...gateways);
  const direct = () =>
    timedStream(
      `${model.url}/v1/chat/completions`,
      {
        model: 'bench-model',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'I would like to think about my week' }],
      },
      { authorization: 'Bearer bench-key' },
      'Hello',
    );
  const through = (gateway: Child) => (worker: number) =>
    timedStream(
      `${gateway.url}/api/v1/chat/stream`,
      { message: 'I would like to think about my week', session_id: null },
      { authorization: `Bearer ${fast[worker]!.token}` },
      'Hello',
    );
  // The chat service alone (identity header set as the gateway would): what chat adds by itself.
  const chatAlone = (worker: number) =>
    timedStream(
      `${chat.url}/api/v1/chat/stream`,
      { message: 'I would like to think about my week', session_id: null },
      gatewayHeaders({ current: signingKey }, 'POST', '/api/v1/chat/stream', {
        userId: fast[worker]!.userId,
      }),
      'Hello',
    );
  const labels = [
    'straight at the fake model',
    'chat service alone (no gateway)',
    ...engines.map((e) => `gateway (${e} engine) + chat service`),
  ];
  const sends = [() => direct(), chatAlone, ...gateways.map(through)];
  // Whose CPU each row uses besides this process (the client): the gateway only on its own rows.
  const used = (i: number): Array<[keyof CpuPerStream, Child]> => [
    ['model', model],
    ...(i >= 1 ? [['chat', chat] as [keyof CpuPerStream, Child]] : []),
    ...(i >= 2 ? [['gateway', gateways[i - 2]!] as [keyof CpuPerStream, Child]] : []),
  ];
  const measureRow = async (i: number, streamsAtOnce: number): Promise<LatencyRow> => {
    const before = await Promise.all(used(i).map(([, c]) => c.stats()));
    const dbBefore = databaseCpuMs(databaseName);
    const ownBefore = process.cpuUsage();
    const { completed, wallMs, ...measured } = await measure(sends[i]!, streamsAtOnce);
    const own = cpuMs(process.cpuUsage(ownBefore));
    const after = await Promise.all(used(i).map(([, c]) => c.stats()));
    // CPU per stream: all the streams of the row (the first turn's too) share the row's CPU time.
    const cpu: CpuPerStream = { client: own / completed };
    if (i >= 1 && databaseName) cpu.database = (databaseCpuMs(databaseName) - dbBefore) / completed;
    // Event-loop delay over the row (each stats call starts a new window).
    const loopDelayMs: LatencyRow['loopDelayMs'] = {};
    used(i).forEach(([name], k) => {
      if (name === 'chat' || name === 'gateway') loopDelayMs[name] = after[k]!.loopDelayMs;
    });
    used(i).forEach(([name], k) => {
      cpu[name] = (cpuMs(after[k]!.cpu) - cpuMs(before[k]!.cpu)) / completed;
    });
    console.log(
      `${streamsAtOnce} at once, ${labels[i]}: p50 ${measured.p50Ms.toFixed(1)} ms, p99 ${measured.p99Ms.toFixed(1)} ms, ${measured.failed} failed of ${measured.streams}; CPU ms per stream ${JSON.stringify(cpu, (_, v) => (typeof v === 'number' ? Number(v.toFixed(2)) : v))} (${completed} streams in ${(wallMs / 1000).toFixed(1)} s)`,
    );
    return { label: labels[i]!, ...measured, cpu, completed, wallMs, loopDelayMs };
  };
  if (parts.has('latency')) {
    // A warm-up turn of every path first, so that no row pays for the others' compilation.
    for (const send of sends) await measure(send, cpuConcurrency, 0);
    for (let i = 0; i < sends.length; i++) lowLoad.push(await measureRow(i, cpuConcurrency));
  }
  for (let round = 1; round <= rounds && parts.has('latency'); round++) {
    const row: LatencyRow[] = [];
    for (let i = 0; i < sends.length; i++) row.push(await measureRow(i, concurrency));
    results.push(row);
  }
  for (const g of gateways) await g.stop();

  // Streams held open: the offline coach writing one piece every 2 s keeps every stream open.
  const holders = parts.has('hold') ? await people(hold) : [];
  const holdChat = await start('start-chat.ts', {
    DATABASE_URL: databaseUrl,
    OFFLINE_COACH_DELAY_MS: '2000',
    CHAT_ORPHAN_GRACE_MS: '0',
    DATABASE_POOL_SIZE: poolSize,
    BENCH_USERS_FILE: usersFile('hold', holders),
  });
  children.push(holdChat);
  const holdRows: HoldRow[] = [];
  for (const engine of parts.has('hold') ? holdEngines : []) {
    const gateway = await start('start-gateway.ts', {
      UPSTREAM_URL: holdChat.url,
      BENCH_PUBLIC_JWK: publicJwk,
    });
    const controller = new AbortController();
    let open = 0;
    const streams: Array<Promise<unknown>> = [];
    const openUpTo = async (count: number) => {
      for (let i = streams.length; i < count; i++) {
        streams.push(
          timedStream(
            `${gateway.url}/api/v1/chat/stream`,
            { message: 'Hello', session_id: null },
            { authorization: `Bearer ${holders[i]!.token}` },
            'id: 0',
            controller.signal,
            () => {
              open++;
            },
          ),
        );
        if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // Memory at two sizes on the way (same streams, nothing else running): the difference is what
    // one more held stream costs each process.
    const steps: HoldStep[] = [];
    const openedAt = performance.now();
    // Live heap before any stream (collected now, before the resident figures that matter).
    const [gLive0, cLive0] = await Promise.all([gateway.live(), holdChat.live()]);
    const [g0, c0] = await Promise.all([gateway.stats(), holdChat.stats()]);
    for (const target of [...holdSteps.filter((n) => n < hold), hold]) {
      await openUpTo(target);
      const deadline = Date.now() + 60_000;
      while (open < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      const seconds = (performance.now() - openedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const [g, c] = await Promise.all([gateway.stats(), holdChat.stats()]);
      steps.push({
        open,
        seconds,
        gateway: memoryOf(g),
        chat: memoryOf(c),
        gatewayCpuS: (cpuMs(g.cpu) - cpuMs(g0.cpu)) / 1000,
        chatCpuS: (cpuMs(c.cpu) - cpuMs(c0.cpu)) / 1000,
      });
      console.log(
        `hold, ${engine}: ${open} of ${target} open after ${seconds.toFixed(1)} s; CPU s gateway ${steps.at(-1)!.gatewayCpuS.toFixed(1)}, chat ${steps.at(-1)!.chatCpuS.toFixed(1)}; gateway ${JSON.stringify(memoryOf(g))}, chat ${JSON.stringify(memoryOf(c))}`,
      );
      if (target < hold)
        await Promise.all([
          gateway.heap(`gateway-${engine}-${target}`),
          holdChat.heap(`chat-${engine}-${target}`),
        ]);
      if (open < target) break;
    }
    const last = steps.at(-1)!;
    // After the resident figures: what of the heap is still reachable with every stream open.
    const [gLive, cLive] = await Promise.all([gateway.live(), holdChat.live()]);
    const perStreamKb = (after: number, before: number) => (after - before) / 1024 / Math.max(1, last.open);
    holdRows.push({
      liveKbPerStream: { gateway: perStreamKb(gLive, gLive0), chat: perStreamKb(cLive, cLive0) },
      liveMb: { gateway: gLive / 2 ** 20, chat: cLive / 2 ** 20 },
      label: engine,
      requested: hold,
      open: last.open,
      seconds: last.seconds,
      gatewayRssMb: last.gateway.rssMb,
      chatRssMb: last.chat.rssMb,
      steps,
    });
    controller.abort();
    await Promise.allSettled(streams);
    await gateway.stop();
    // The chat service now stores every abandoned reply as interrupted: the next row starts once
    // that is done (under a tenth of a core for a second), not while it is still going on.
    const settleBy = Date.now() + 120_000;
    for (let busy = true; busy && Date.now() < settleBy; ) {
      const before = await holdChat.stats();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      busy = cpuMs((await holdChat.stats()).cpu) - cpuMs(before.cpu) > 100;
    }
  }
  notes.push(
    `Design (ADR 21): the gateway sends long-lived calls (server-sent events, \`/stream\` paths) to a service over HTTP/2 without TLS (h2c), ${streamPool.h2cConnections} connections per service shared by every stream, learnt by connecting once; ordinary calls keep the HTTP/1.1 keep-alive pool of 256 connections. No stream waits for a pooled connection, and a held stream costs the gateway one socket (its client's), not two. The kit's listener accepts h2c beside HTTP/1.1 on every service's port.`,
  );
  notes.push(
    `Chat side: the person's access and coach profile are read in one query and kept for 2 s (forgotten at once by every subscription, payment, language, answers or erasure event and after a metered reply), so quick messages do not wait for the database before the model call; the message and the reply are stored beside the stream. PostgreSQL pool: ${poolSize} connections (\`DATABASE_POOL_SIZE\`, kit default 10).`,
  );
  notes.push(
    'Reading: "added" is the through-gateway time to first token minus the straight one of the same round; on this machine the load generator, the fake model, the gateway, the chat service and PostgreSQL share two cores with other work, so every extra process turn shows in the p99. The "chat service alone" row is the chat service\'s own share.',
  );
  notes.push(
    `Open files: the hard limit is ${limits.hard.toLocaleString('en-US')} per process (soft ${limits.soft.toLocaleString('en-US')} in the bench's shell; children run with the soft limit raised to the hard one).${hold < 10_000 ? ` That leaves room for ${hold.toLocaleString('en-US')} held streams here, not 10,000.` : ''}`,
  );
  notes.push(
    "What a stream costs (V8 CPU profiles at 50 at once, one-off, `BENCH_CPU_PROF=<dir>`, module loading left out). Chat service: reading the model's stream through the OpenAI SDK and fetch (web streams, an SSE decoder and a JSON parse per piece, and the title call) 25 %, socket reads and writes (one write per piece per HTTP/1.1 client; over h2c the gateway's pieces share frames) 23 %, microtasks and native work not tied to one caller 27 %, the database (drizzle, pg: access read, session, message and reply rows, per-person key) 11 %, garbage collection 4 %, encryption 3 %, the safety pre-check 3 %, Express and the kit 2 %, HTTP/2 2 %, logs 1 %, the SSE writer 1 %, the reply streams 0.5 %. Gateway: socket writes to the client, one per piece, 43 %, native and microtasks 21 %, verifying the token (EdDSA through WebCrypto) 13 %, HTTP/2 8 %, garbage collection 7 %, Express and the kit 4 %, the h2c forwarding itself 2 %. Cut in this change (ADR 27): the title call no longer starts beside the reply but at its first word; the reply streams find a person's running replies through a per-person index (every send walked every reply in the process: 21 % of the chat service's CPU while holding 10,000, the cause of the stall); each piece is one string built from a per-stream prefix; one keep-alive timer per period instead of one per stream.",
  );
  notes.push(
    "Held streams: RSS grows by two to three times the live heap per stream (the 'per stream' line against the live figures above): V8 with this machine's default heap limit (about 4 GB) lets the old generation grow to several times what is reachable before collecting it. A stream's live part is the client socket and its Express request and response in the gateway, and in the chat service the HTTP/2 stream, the request, the reply's task (its coroutines, the message it answers with the files as read) and the reply stream entry; the coach's stream no longer keeps the prompt and history it was sent (ADR 27). In Kubernetes Node sizes its heap from the container's memory limit (about half of it), so the collector keeps closer to the live heap there, and the base manifests' limits (gateway 384 Mi, chat 512 Mi) are then what decides how many streams a pod holds.",
  );
  notes.push(
    'Held streams: both rows use the same 10,000 people against one chat process, one after the other; the first row also creates their 10,000 per-person data keys and first sessions, the second finds the keys there.',
  );
  if (holdRows.some((h) => h.open < h.requested))
    notes.push(
      'Fewer streams opened than were asked for within the minute allowed, so the memory figures are those of the streams that did open, not of all that were asked for.',
    );
  const report = {
    command: 'npm run bench -w services/chat',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine,
    concurrency,
    cpuConcurrency,
    lowLoad,
    seconds,
    tokenMs,
    tokens,
    cores: cpus().length,
    database: databaseLabel,
    rounds: results,
    hold: holdRows,
    holdTarget: 10_000,
    fdLimit: String(fdLimit()),
    notes,
  };
  // DRY_RUN=1: a trial run that leaves the docs alone.
  if (!process.env.DRY_RUN) {
    writeFileSync(docsFile, replaceChatSection(readFileSync(docsFile, 'utf8'), renderChatSection(report)));
    // Every figure of the run, for a look beyond the section.
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
  } else console.log(renderChatSection(report));
  console.log(
    process.env.DRY_RUN ? 'dry run: docs left alone' : `wrote ${path.relative(process.cwd(), docsFile)}`,
  );
} finally {
  for (const child of children.reverse()) await child.stop().catch(() => {});
  await clientAgent.close().catch(() => {});
  await database?.drop().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}
