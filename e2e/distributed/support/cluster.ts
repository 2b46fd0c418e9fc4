import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { vapidPair } from '../../../infra/docker/vapid-pair.ts';
import { ChildRun, freePort, GiveUp, portAnswers, waitFor } from './processes.ts';
import { TcpProxy } from './proxy.ts';
import { SmtpSink } from './smtp-sink.ts';

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, '../../..');
export const artifacts = path.join(root, 'artifacts', 'distributed');
const node = path.join(root, 'node_modules', '.bin', 'node');
const kafkaScript = path.join(root, 'infra', 'kafka', 'kafka.sh');
/** Whether this tree can run a Kafka broker of its own (the kafka branch's infra/kafka). */
export const kafkaInTree = existsSync(kafkaScript) && process.env.DISTRIBUTED_BUS !== 'redis';

export const serviceNames = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** The lease of a chat reply (chat-replies): short, so a killed reply is failed within seconds. */
export const CHAT_REPLY_LEASE_MS = 3_000;

/** A service's start-up bound: seconds on a quiet machine, minutes on a shared, busy one. */
const STARTUP_MS = Number(process.env.DISTRIBUTED_STARTUP_MS ?? 600_000);

/** redis-server of the suite's own (never the shared one: it is stopped and emptied on purpose). */
class OwnRedis {
  run: ChildRun;
  readonly port: number;
  constructor(port: number) {
    this.port = port;
    this.run = new ChildRun(
      'redis',
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      process.env,
      path.join(artifacts, 'redis.log'),
    );
  }
  async start() {
    this.run.start();
    await waitFor(
      'redis answers',
      async () => ((await portAnswers(this.port)) ? true : undefined),
      10_000,
      50,
    );
  }
}

/** The suite's own single-node Kafka broker (infra/kafka/kafka.sh on free ports, own state folder). */
class OwnKafka {
  readonly stateDir = mkdtempSync(path.join(tmpdir(), 'iv-dist-kafka-'));
  readonly port: number;
  readonly controllerPort: number;
  constructor(port: number, controllerPort: number) {
    this.port = port;
    this.controllerPort = controllerPort;
  }
  get brokers() {
    return `127.0.0.1:${this.port}`;
  }
  #env() {
    return {
      ...process.env,
      KAFKA_PORT: String(this.port),
      KAFKA_CONTROLLER_PORT: String(this.controllerPort),
      KAFKA_STATE_DIR: this.stateDir,
      KAFKA_HEAP: '384m',
      KAFKA_START_TIMEOUT: String(Math.round(STARTUP_MS / 1000)),
    };
  }
  async start() {
    await run('bash', [kafkaScript, 'start'], { env: this.#env(), timeout: 150_000 });
  }
  async stop() {
    await run('bash', [kafkaScript, 'stop'], { env: this.#env(), timeout: 60_000 }).catch(() => {});
  }
  async provision() {
    await run(node, [path.join(root, 'scripts', 'events.ts'), 'provision'], {
      cwd: root,
      env: { ...process.env, KAFKA_BROKERS: this.brokers, KAFKA_TOPIC_PARTITIONS: '3' },
      timeout: 120_000,
    });
  }
  async remove() {
    await this.stop();
    rmSync(this.stateDir, { recursive: true, force: true });
  }
}

export type ServiceRun = ChildRun & { port: number; url: string };

/**
 * The product in its distributed form on this machine: the gateway and the six services as
 * separate processes, each on its own fresh PostgreSQL database reached through its own TCP proxy
 * (so one service's database can be cut), Redis of the suite's own (behind a proxy too), the event
 * bus (an own Kafka broker where the repository has one, else Redis Streams), and an SMTP sink.
 */
export class Cluster {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'iv-dist-'));
  readonly databases = new Map<ServiceName, { url: string; name: string; drop(): Promise<void> }>();
  readonly dbProxies = new Map<ServiceName, TcpProxy>();
  readonly services = new Map<string, ServiceRun>();
  gateway!: ServiceRun;
  redis!: OwnRedis;
  redisProxy!: TcpProxy;
  kafka: OwnKafka | undefined;
  smtp = new SmtpSink();
  bus: 'kafka' | 'redis' = 'redis';
  readonly secrets = {
    MASTER_KEY: randomBytes(32).toString('base64'),
    EVENT_PAYLOAD_KEY: randomBytes(32).toString('base64'),
    INTERNAL_SIGNING_KEY: randomBytes(32).toString('base64url'),
    AUTH_PRIVATE_JWK: JSON.stringify({
      ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
      kid: 'distributed-suite',
      alg: 'EdDSA',
    }),
  };

  get url() {
    return this.gateway.url;
  }

  async start(log: (line: string) => void): Promise<void> {
    mkdirSync(artifacts, { recursive: true });
    await this.smtp.start();
    this.redis = new OwnRedis(await freePort());
    await this.redis.start();
    this.redisProxy = await new TcpProxy('redis', this.redis.port).start();
    if (kafkaInTree) {
      this.kafka = new OwnKafka(await freePort(), await freePort());
      const started = Date.now();
      await this.kafka.start();
      await this.kafka.provision();
      this.bus = 'kafka';
      log(
        `event bus: Kafka, own broker on ${this.kafka.brokers} (up and provisioned in ${Date.now() - started} ms)`,
      );
    } else {
      log(
        `event bus: Redis Streams on the suite's own redis-server (${existsSync(kafkaScript) ? 'DISTRIBUTED_BUS=redis' : 'no infra/kafka/kafka.sh in this tree'})`,
      );
    }
    for (const name of serviceNames) {
      const db = await createTestDatabase(`iv_dist_${name}`);
      this.databases.set(name, { ...db, name: new URL(db.url).pathname.slice(1) });
      this.dbProxies.set(name, await new TcpProxy(`${name}-db`, 5432, new URL(db.url).hostname).start());
    }
    const ports = Object.fromEntries(await Promise.all(serviceNames.map(async (s) => [s, await freePort()])));
    const urls = Object.fromEntries(serviceNames.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));
    // Auth migrates first (the others do not depend on it, but six migrations at once on two cores
    // only make every start slower); then the rest together.
    await this.startService('auth', ports.auth, urls);
    await Promise.all(serviceNames.slice(1).map((s) => this.startService(s, ports[s], urls)));
    const gatewayPort = await freePort();
    this.gateway = this.#spawn('gateway', path.join(root, 'gateway', 'src', 'main.ts'), gatewayPort, {
      ...this.secrets,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      LOG_LEVEL: 'info',
      REDIS_URL: this.redisUrl,
      RATE_LIMIT_PER_MINUTE: '100000',
      UPSTREAM_TIMEOUT_MS: '15000',
      TRUST_PROXY: 'loopback',
      ...Object.fromEntries(serviceNames.map((s) => [`${s.toUpperCase()}_URL`, urls[s]])),
    });
    await this.waitReady(this.gateway, STARTUP_MS);
  }

  get redisUrl() {
    return `redis://127.0.0.1:${this.redisProxy.port}`;
  }

  serviceEnv(name: ServiceName, port: number, urls: Record<string, string>): Record<string, string> {
    const db = this.databases.get(name)!;
    const proxy = this.dbProxies.get(name)!;
    const dbUrl = new URL(db.url);
    dbUrl.hostname = '127.0.0.1';
    dbUrl.port = String(proxy.port);
    const common: Record<string, string> = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(this.dataDir, name),
      DATABASE_URL: dbUrl.toString(),
      EVENT_BUS: this.bus,
      REDIS_URL: this.redisUrl,
      // One key for every service's event payloads: auth and questionnaire encrypt, chat and
      // notifications read (docs/architecture.md, events).
      EVENT_PAYLOAD_KEY: this.secrets.EVENT_PAYLOAD_KEY,
      INTERNAL_SIGNING_KEY: this.secrets.INTERNAL_SIGNING_KEY,
      // Outages in this suite last up to 30 s: retries must come back within seconds of the end.
      EVENT_RETRY_MAX_DELAY_MS: '2000',
      ...(this.kafka ? { KAFKA_BROKERS: this.kafka.brokers } : {}),
    };
    const own: Record<ServiceName, Record<string, string>> = {
      auth: {
        AUTH_PRIVATE_JWK: this.secrets.AUTH_PRIVATE_JWK,
        AUTH_RATE_LIMIT_MULTIPLIER: '1000',
        ...Object.fromEntries(
          serviceNames.filter((s) => s !== 'auth').map((s) => [`${s.toUpperCase()}_URL`, urls[s]!]),
        ),
      },
      billing: { TRIAL_TOKEN_QUOTA: '100000000', APP_URL: 'http://localhost:8080' },
      chat: {
        MASTER_KEY: this.secrets.MASTER_KEY,
        FILES_URL: urls.files!,
        OPENAI_API_KEY: '',
        // Slow enough that a kill lands in the middle of a reply.
        OFFLINE_COACH_DELAY_MS: '60',
        CHAT_REPLY_LEASE_MS: String(CHAT_REPLY_LEASE_MS),
        CHAT_MAX_REPLIES_PER_USER: '50',
      },
      questionnaire: {
        MASTER_KEY: this.secrets.MASTER_KEY,
      },
      files: { MASTER_KEY: this.secrets.MASTER_KEY, FILES_STORAGE: 'local', CHAT_URL: urls.chat! },
      notifications: {
        MASTER_KEY: this.secrets.MASTER_KEY,
        ...this.vapid,
        VAPID_SUBJECT: 'mailto:ops@example.ch',
        SMTP_URL: `smtp://127.0.0.1:${this.smtp.port}`,
        APP_URL: 'http://localhost:8080',
        MAIL_RETRY_BACKOFF_MS: '200',
      },
    };
    return { ...common, ...own[name] };
  }

  /** One pair for every notifications process: subscriptions are bound to the public key. */
  readonly vapid = vapidPair();

  #urls: Record<string, string> = {};

  async startService(
    name: ServiceName,
    port: number,
    urls: Record<string, string>,
    replica = '',
  ): Promise<ServiceRun> {
    this.#urls = urls;
    const key = `${name}${replica}`;
    const service = this.#spawn(
      key,
      path.join(root, 'services', name, 'src', 'main.ts'),
      port,
      this.serviceEnv(name, port, urls),
    );
    this.services.set(key, service);
    await this.#readyWithRestarts(service);
    return service;
  }

  /** A second process of a service on the same database (and the same bus group). */
  async startReplica(name: ServiceName, suffix: string): Promise<ServiceRun> {
    return this.startService(name, await freePort(), this.#urls, suffix);
  }

  /** Starts a stopped service again (same port, same environment). */
  async restart(key: string): Promise<number> {
    const service = this.services.get(key) ?? (key === 'gateway' ? this.gateway : undefined);
    if (!service) throw new Error(`no process ${key}`);
    const started = Date.now();
    service.start();
    await this.#readyWithRestarts(service);
    return Date.now() - started;
  }

  #spawn(name: string, main: string, port: number, env: Record<string, string>): ServiceRun {
    const child = new ChildRun(
      name,
      node,
      [main],
      {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // V8's code cache on disk: a restarted service (the faults restart several) starts faster.
        NODE_COMPILE_CACHE: path.join(tmpdir(), 'iv-dist-compile-cache'),
        ...env,
      },
      path.join(artifacts, `${name}.log`),
      root,
    ) as ServiceRun;
    child.port = port;
    child.url = `http://127.0.0.1:${port}`;
    return child.start();
  }

  /**
   * Waits for a service to be ready, starting it again (at most twice) when it exits first, as the
   * restart policy of compose or Kubernetes would; each such exit is counted and printed by the
   * suite (`restartsOnStart`), since a service should rather wait for a slow database than exit.
   */
  async #readyWithRestarts(service: ServiceRun): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.waitReady(service, STARTUP_MS);
        return;
      } catch (err) {
        if (service.alive || attempt >= 2) throw err;
        this.restartsOnStart.push(`${service.name}: exited while starting (see its log), started again`);
        service.start();
      }
    }
  }

  readonly restartsOnStart: string[] = [];

  async waitReady(service: ServiceRun, timeoutMs: number): Promise<void> {
    await waitFor(
      `${service.name} ready`,
      async () => {
        if (!service.alive)
          throw new GiveUp(`${service.name} exited (see artifacts/distributed/${service.name}.log)`);
        const res = await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await res.body?.cancel();
        return res.ok ? true : undefined;
      },
      timeoutMs,
      250,
    ).catch((err) => {
      if (!service.alive)
        throw new Error(`${service.name} exited (see artifacts/distributed/${service.name}.log)`);
      throw err;
    });
  }

  /** Direct SQL on a service's database (not through its proxy: the suite reads while it is cut). */
  async query<T = Record<string, unknown>>(
    service: ServiceName,
    sql: string,
    params: unknown[] = [],
  ): Promise<T[]> {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: this.databases.get(service)!.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    const all = [this.gateway, ...this.services.values()].filter(Boolean);
    await Promise.all(all.map((s) => s.stop('SIGTERM', 10_000)));
    for (const s of all) s.closeLog();
    await this.redis?.run.stop('SIGKILL');
    await this.redisProxy?.close();
    for (const p of this.dbProxies.values()) await p.close();
    await this.kafka?.remove();
    await this.smtp.close();
    for (const db of this.databases.values()) await db.drop().catch(() => {});
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
