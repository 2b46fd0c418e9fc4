// `npm run images:rehearse [-- --only chat,gateway] [--context <dir>] [--keep]`
//
// Proves the seven images without a Docker engine: for each one, performs its Dockerfile's stages
// into a temporary root (infra/docker/dockerfile.ts: the same COPY sources, the same `npm ci
// --omit=dev`, the same users), checks the result the way the cluster will run it (non-root user,
// code owned by root and not writable, a read-only root except the volumes the Deployment mounts,
// no module resolution outside the root), then starts it from that root alone, as the image's
// user, against a fresh PostgreSQL database, a Redis of its own and Kafka when a broker answers on
// 127.0.0.1:9092, with the environment the k8s base gives it, until /readyz answers 200.
// The six services stay up for the gateway, which must then report them all ready.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
} from 'node:fs';
import net from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPostgresUrl } from '@innerview/kit/config';
import pg from 'pg';
import S3rver from 's3rver';
import { parse } from 'yaml';
import { type BuiltImage, buildImage, type ImageName, imageNames, imageUsers } from './dockerfile.ts';
import { vapidPair } from './vapid-pair.ts';

const repo = path.resolve(import.meta.dirname, '..', '..');
const { values: cli } = parseArgs({
  options: {
    only: { type: 'string' },
    context: { type: 'string', default: repo },
    keep: { type: 'boolean', default: false },
  },
});
const context = path.resolve(cli.context!);
const chosen = (cli.only?.split(',') ?? [...imageNames]) as ImageName[];
for (const name of chosen) if (!imageNames.includes(name)) throw new Error(`unknown image ${name}`);

const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${line}`);
const nodeBinDir = path.dirname(process.execPath);

// The temporary roots live outside the repository and outside any folder with a node_modules, so
// a module the image lacks cannot be found by walking up from it.
const work = mkdtempSync(path.join(tmpdir(), 'iv-rehearse-'));
chmodSync(work, 0o755);
for (let dir = work; dir !== path.dirname(dir); dir = path.dirname(dir))
  if (existsSync(path.join(path.dirname(dir), 'node_modules')))
    throw new Error(`${path.dirname(dir)}/node_modules exists: the rehearsal could resolve modules from it`);

const cleanups: Array<() => Promise<void> | void> = [];
const failures: string[] = [];
const running: Array<{ name: ImageName; child: ChildProcess }> = [];

try {
  await rehearse();
} catch (err) {
  failures.push((err as Error).message);
} finally {
  for (const { child } of running.reverse()) await stop(child);
  log('stopped the images');
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  log('stopped the backing services');
  if (failures.length > 0)
    console.error(`\nimages:rehearse FAILED\n${failures.map((f) => `- ${f}`).join('\n')}\n`);
  else log(`images:rehearse passed: ${chosen.join(', ')}`);
  // `rm -rf`: several times faster than fs.rmSync on the installed node_modules.
  if (!cli.keep) execFileSync('rm', ['-rf', work]);
  else log(`kept ${work}`);
}
if (failures.length > 0) process.exit(1);

async function rehearse() {
  // The machine's npm cache stands for docker's cache mount, which is shared by every build on a
  // builder as this one is by the seven installs: npm's cache is content-addressed and safe to
  // share. (A copy of it per run cost more in file operations than the seven installs.)
  const npmCache = process.env.npm_config_cache || path.join(homedir(), '.npm');
  const backing = await startBacking();
  const ports = Object.fromEntries(await Promise.all(imageNames.map(async (i) => [i, await freePort()])));
  const urls = Object.fromEntries(imageNames.map((i) => [i, `http://127.0.0.1:${ports[i]}`])) as Record<
    ImageName,
    string
  >;
  const secrets = generatedSecrets();
  const compose = parse(readFileSync(path.join(context, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { build: { dockerfile: string; args?: Record<string, string> } }>;
  };
  const order = [...chosen].sort((a, b) => Number(a === 'gateway') - Number(b === 'gateway'));
  for (const name of order) {
    const t0 = Date.now();
    // How each image is built is what docker-compose.yml (and the release workflow) say.
    const build = compose.services[name]?.build;
    if (!build) throw new Error(`docker-compose.yml has no build for ${name}`);
    log(`${name}: building ${build.dockerfile} ${JSON.stringify(build.args ?? {})}`);
    const image = buildImage({
      context,
      dockerfile: build.dockerfile,
      buildArgs: build.args ?? {},
      workDir: path.join(work, name),
      npmCache,
      nodeBinDir,
      log: (line) => log(`${name}:   ${line}`),
    });
    log(`${name}: image built; checking it`);
    const deployment = readDeployment(name);
    const uid = checkImage(name, image, deployment);
    const env = await serviceEnv(name, image, deployment, { backing, urls, secrets, port: ports[name]! });
    log(`${name}: starting ${image.state.cmd!.join(' ')} in ${image.state.workdir}`);
    const child = start(name, image, uid, env);
    running.push({ name, child });
    await waitReady(name, urls[name], child);
    log(`${name}: ready from its own root as uid ${uid} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (chosen.includes('gateway') && chosen.length === imageNames.length) {
    const health = (await (await fetch(`${urls.gateway}/api/v1/health`)).json()) as {
      services?: Record<string, { ready?: boolean }>;
    };
    const ready = Object.entries(health.services ?? {}).filter(([, s]) => s.ready === true);
    if (ready.length !== 6) throw new Error(`gateway /api/v1/health: ${JSON.stringify(health)}`);
    log(`gateway: /api/v1/health sees all six services ready (events over ${backing.eventBus})`);
  }
}

interface Deployment {
  readOnlyRootFilesystem: boolean;
  mounts: string[];
  runAsUser?: number;
  env: Array<{ name: string; value?: string; secret?: { key: string; optional?: boolean } }>;
  config: Record<string, string>;
}

/** ConfigMap literals of the k8s base by name: each process's folder, then the base's merges. */
function baseConfigMaps(): Map<string, Record<string, string>> {
  const maps = new Map<string, Record<string, string>>();
  const read = (dir: string) => {
    // biome-ignore lint/suspicious/noExplicitAny: a kustomization's fields are read one by one.
    const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as any;
    for (const generator of kustomization.configMapGenerator ?? []) {
      const data = maps.get(generator.name) ?? {};
      for (const literal of generator.literals ?? []) {
        const eq = String(literal).indexOf('=');
        data[String(literal).slice(0, eq)] = String(literal).slice(eq + 1);
      }
      maps.set(generator.name, data);
    }
  };
  const base = path.join(context, 'infra', 'k8s', 'base');
  for (const name of imageNames) read(path.join(base, name));
  read(base);
  return maps;
}

/** The production shape of a process: the k8s base Deployment and the ConfigMaps it reads. */
function readDeployment(name: ImageName): Deployment {
  const file = path.join(context, 'infra', 'k8s', 'base', name, 'deployment.yaml');
  // biome-ignore lint/suspicious/noExplicitAny: manifest fields are read one by one below.
  const deployment = parse(readFileSync(file, 'utf8')) as any;
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const maps = baseConfigMaps();
  const config: Record<string, string> = {};
  for (const from of container.envFrom ?? []) Object.assign(config, maps.get(from.configMapRef?.name) ?? {});
  return {
    readOnlyRootFilesystem: container.securityContext?.readOnlyRootFilesystem === true,
    mounts: (container.volumeMounts ?? []).map((m: { mountPath: string }) => m.mountPath),
    runAsUser: container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser,
    env: (container.env ?? []).map(
      (e: {
        name: string;
        value?: string;
        valueFrom?: { secretKeyRef?: { key: string; optional?: boolean } };
      }) => ({
        name: e.name,
        value: e.value,
        secret: e.valueFrom?.secretKeyRef,
      }),
    ),
    config,
  };
}

/**
 * What the cluster relies on: a non-root user (the one the Deployment runs as), code the process
 * cannot change, and a root that is read-only except the volumes the Deployment mounts (made so
 * here: everything else loses its write bits, the mounts become the user's own folders).
 */
function checkImage(name: ImageName, image: BuiltImage, deployment: Deployment): number {
  const { state, root } = image;
  if (!state.cmd) throw new Error(`${name}: the image has no CMD`);
  const uid = /^\d+$/.test(state.user) ? Number(state.user) : imageUsers[state.user];
  if (uid === undefined || uid === 0)
    throw new Error(`${name}: the image runs as ${state.user}, not a non-root user`);
  if (deployment.runAsUser !== undefined && deployment.runAsUser !== uid)
    throw new Error(
      `${name}: the Deployment runs as uid ${deployment.runAsUser}, the image's user is ${uid}`,
    );
  const app = path.join(root, 'app');
  const problems: string[] = [];
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) {
      const target = path.resolve(path.dirname(p), readlinkSync(p));
      if (!target.startsWith(`${root}/`)) problems.push(`${path.relative(root, p)} links outside the image`);
      return;
    }
    if (stat.uid === uid) problems.push(`/${path.relative(root, p)} belongs to the process's user`);
    if (stat.mode & 0o022) problems.push(`/${path.relative(root, p)} is writable by group or others`);
    if (stat.isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
  };
  walk(app);
  if (problems.length > 0)
    throw new Error(`${name}: code the process could change:\n  ${problems.slice(0, 10).join('\n  ')}`);
  if (!existsSync(path.join(root, state.workdir, state.cmd.at(-1)!)))
    throw new Error(`${name}: CMD ${state.cmd.join(' ')} names a file the image lacks (in ${state.workdir})`);
  if (deployment.readOnlyRootFilesystem) {
    const mounts = deployment.mounts.map((m) => path.join(root, m));
    const lock = (p: string) => {
      if (mounts.includes(p)) return;
      const stat = lstatSync(p);
      if (stat.isSymbolicLink()) return;
      chmodSync(p, stat.mode & ~0o222);
      if (stat.isDirectory()) for (const entry of readdirSync(p)) lock(path.join(p, entry));
    };
    lock(root);
    for (const mount of mounts) {
      mkdirSync(mount, { recursive: true });
      chownSync(mount, uid, uid);
      chmodSync(mount, 0o700);
    }
  }
  return uid;
}

interface Backing {
  postgres: string;
  redis: string;
  kafka?: string;
  s3: string;
  eventBus: 'kafka' | 'redis';
}

async function startBacking(): Promise<Backing> {
  const given = process.env.DATABASE_URL;
  const postgres = isPostgresUrl(given) ? given : 'postgres://root@127.0.0.1:5432/test';
  // A Redis of its own: the images' keys and streams never meet anyone else's.
  const redisPort = await freePort();
  const redisDir = path.join(work, 'redis');
  mkdirSync(redisDir);
  const redis = spawn(
    'redis-server',
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      redisDir,
    ],
    { stdio: 'ignore' },
  );
  cleanups.push(() => stop(redis));
  await waitFor(`redis-server on ${redisPort}`, () => canConnect(redisPort), 10_000);
  const kafka = (await canConnect(9092)) ? '127.0.0.1:9092' : undefined;
  // Services never create topics (ADR 34): as the k8s topics Job does before a rollout, the
  // provisioning step runs first (idempotent: topics that exist are left as they are).
  if (kafka) {
    execFileSync(process.execPath, [path.join(repo, 'packages/kit/src/events/kafka-provision-command.ts')], {
      env: { ...process.env, KAFKA_BROKERS: kafka },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
    log(`kafka: topics provisioned on ${kafka} (as the topics Job does)`);
  }
  // Files keeps uploads in S3-compatible storage in production: s3rver stands in for it.
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'innerview-files', configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  cleanups.push(() => s3.close());
  log(
    `backing: PostgreSQL ${new URL(postgres).host}, Redis :${redisPort}, ${kafka ? `Kafka ${kafka}` : 'no Kafka on 127.0.0.1:9092 (Redis Streams)'}, S3 :${s3Port}`,
  );
  return {
    postgres,
    redis: `redis://127.0.0.1:${redisPort}`,
    kafka,
    s3: `http://127.0.0.1:${s3Port}`,
    eventBus: kafka ? 'kafka' : 'redis',
  };
}

function generatedSecrets(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'rehearsal', alg: 'EdDSA' };
  return {
    MASTER_KEY: randomBytes(32).toString('base64'),
    EVENT_PAYLOAD_KEY: randomBytes(32).toString('base64'),
    INTERNAL_SIGNING_KEY: randomBytes(32).toString('base64url'),
    AUTH_PRIVATE_JWK: JSON.stringify(jwk),
    ...vapidPair(),
    STRIPE_SECRET_KEY: 'sk_test_rehearsal',
    STRIPE_WEBHOOK_SECRET: 'whsec_rehearsal',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/**
 * The environment the k8s base gives the process (ConfigMap and env entries), its secrets filled
 * with generated values, and the cluster's addresses replaced by this machine's.
 */
async function serviceEnv(
  name: ImageName,
  image: BuiltImage,
  deployment: Deployment,
  run: { backing: Backing; urls: Record<ImageName, string>; secrets: Record<string, string>; port: number },
): Promise<Record<string, string>> {
  const env: Record<string, string> = { ...image.state.env, ...deployment.config };
  for (const entry of deployment.env) {
    if (entry.value !== undefined) env[entry.name] = entry.value;
    else if (entry.secret) {
      const key = entry.secret.key;
      if (key === 'DATABASE_URL') env[entry.name] = await freshDatabase(run.backing.postgres, name);
      else if (key === 'REDIS_URL') env[entry.name] = run.backing.redis;
      else if (key === 'SMTP_URL') env[entry.name] = `smtp://127.0.0.1:${await freePort()}`;
      else if (key in run.secrets) env[entry.name] = run.secrets[key]!;
      else if (!entry.secret.optional)
        throw new Error(`${name}: no rehearsal value for the secret key ${key}`);
    }
  }
  for (const [key, value] of Object.entries(env)) {
    const service = /^https?:\/\/([a-z]+):\d+\/?$/.exec(value)?.[1];
    if (service && service in run.urls) env[key] = run.urls[service as ImageName];
    // Paths of the image are folders of its root here.
    else if (/^\/(app|tmp|var)(\/|$)/.test(value)) env[key] = path.join(image.root, value);
  }
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(run.port),
    LOG_LEVEL: 'warn',
    EVENT_BUS: run.backing.eventBus,
    ...(run.backing.kafka ? { KAFKA_BROKERS: run.backing.kafka } : {}),
    // Every pod has 9464 to itself; here the seven processes share one machine.
    ...(env.METRICS_PORT ? { METRICS_PORT: String(await freePort()) } : {}),
  });
  if (env.FILES_STORAGE === 's3' || env.S3_BUCKET) {
    env.S3_ENDPOINT = run.backing.s3;
    env.S3_FORCE_PATH_STYLE = 'true';
  }
  if (env.STRIPE_SECRET_KEY) env.STRIPE_API_URL = `http://127.0.0.1:${await freePort()}`;
  return env;
}

async function freshDatabase(base: string, name: string): Promise<string> {
  const db = `iv_rehearse_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${db}"`).finally(() => admin.end());
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists "${db}" with (force)`).finally(() => client.end());
  });
  const url = new URL(base);
  url.pathname = `/${db}`;
  return url.toString();
}

/** Starts the image's CMD from its root, as its user, with nothing of this machine's environment. */
function start(name: ImageName, image: BuiltImage, uid: number, env: Record<string, string>): ChildProcess {
  const [command, ...args] = image.state.cmd!;
  if (command !== 'node') throw new Error(`${name}: CMD must start with node (the base image's Node 24)`);
  const home = path.join(image.root, 'tmp');
  const child = spawn(
    'setpriv',
    ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--', process.execPath, ...args],
    {
      cwd: path.join(image.root, image.state.workdir),
      // No NODE_PATH, no NODE_OPTIONS, no npm variables: only the image's and the Deployment's.
      env: { PATH: `${nodeBinDir}:/usr/bin:/bin`, HOME: home, TMPDIR: home, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  (child as ChildProcess & { output: string[] }).output = output;
  return child;
}

async function waitReady(name: ImageName, url: string, child: ChildProcess) {
  const output = (child as ChildProcess & { output: string[] }).output;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  try {
    await waitFor(
      `${name} /readyz`,
      async () => {
        if (exited !== null) throw new Error(`exited with ${exited}`);
        const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(
          () => undefined,
        );
        return answer?.status === 200;
      },
      // Generous for a loaded CI machine; an idle one takes seconds after the install.
      180_000,
    );
  } catch (err) {
    // Which check keeps it out (database, bus, storage …), if it answers at all.
    const readyz = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) })
      .then(async (r) => `${r.status} ${await r.text()}`)
      .catch((e: Error) => e.message);
    throw new Error(
      `${name} did not become ready (${(err as Error).message}); /readyz: ${readyz}; its last output:\n    ${output.join('\n    ')}`,
    );
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
