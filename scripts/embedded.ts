import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGateway } from '@innerview/gateway';
import {
  type Clock,
  createEventBus,
  createLogger,
  type EventBus,
  listen,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@innerview/kit';
import { bearerToken, createTokenVerifier, MemoryRevocationStore } from '@innerview/kit/tokens/index';
import { startTracing } from '@innerview/kit/tracing';
import { signCall } from '@innerview/kit/trust';
import type { Request, Response } from 'express';
import { createAuthService } from '../services/auth/src/app.ts';
import { billingService } from '../services/billing/src/app.ts';
import { chatService } from '../services/chat/src/app.ts';
import { createFilesService } from '../services/files/src/app.ts';
import { notificationsService } from '../services/notifications/src/app.ts';
import { questionnaireService } from '../services/questionnaire/src/app.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const frontends = ['shell', 'chat', 'account'];

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The front ends whose dist is missing or older than their sources (or the shared packages). */
export function staleFrontends(): string[] {
  const shared = Math.max(
    ...['ui', 'api-client', 'i18n'].map((p) => newestMtime(path.join(root, 'packages', p))),
  );
  return frontends.filter((name) => {
    const dir = path.join(root, 'frontends', name);
    const built = path.join(dir, 'dist', 'index.html');
    const manifest = path.join(dir, 'dist', 'mf-manifest.json');
    const marker = existsSync(built) ? built : manifest;
    if (!existsSync(marker)) return true;
    return Math.max(newestMtime(dir), shared) > statSync(marker).mtimeMs;
  });
}

export function buildFrontends(names: string[], log: (line: string) => void): void {
  for (const name of names) {
    log(`Building the ${name} front end…`);
    execFileSync('npm', ['run', 'build', '-w', `frontends/${name}`], { cwd: root, stdio: 'inherit' });
  }
}

/**
 * The built front ends the gateway serves: this checkout's, or those under FRONTENDS_DIR (the same
 * layout as in the gateway's image, `<dir>/{shell,chat,account}/dist`), which the browser test of a
 * new deployment uses to serve a copy it changes.
 */
function builtFrontends(dir: string | undefined) {
  const base = dir ? path.resolve(dir) : path.join(root, 'frontends');
  return {
    shellDir: path.join(base, 'shell/dist'),
    chatDir: path.join(base, 'chat/dist'),
    accountDir: path.join(base, 'account/dist'),
  };
}

export interface EmbeddedOptions {
  port: number;
  dataDir: string;
  /** Extra environment for every service (e.g. LOG_LEVEL). */
  env?: Record<string, string | undefined>;
  /**
   * Test-only: the time of every service (their sweeps, expiries and the 90-day erasure), so a
   * test can move it. Default: the real clock (billing's may be moved by its test-only file).
   */
  clock?: Clock;
}

export interface Embedded {
  url: string;
  services: Record<string, RunningService>;
  bus: EventBus;
  revocations: MemoryRevocationStore;
  stop(): Promise<void>;
}

/**
 * Starts the gateway and all six services in this process on embedded defaults: PGlite per service
 * under `<dataDir>/<service>`, one in-process bus and job queue shared by all, each service on its
 * own loopback port behind the gateway, exactly as in a cluster.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<Embedded> {
  const dataDir = path.resolve(options.dataDir);
  keepDataPrivate(dataDir);
  // One process, one tracer provider (exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
  startTracing('innerview');
  const bus = await createEventBus({ kind: 'memory' });
  // Auth writes revocations, the gateway reads them: one store, so a logout counts at once.
  const revocations = new MemoryRevocationStore();
  // One key per start for the gateway and every service (ADR 43): the gateway signs what it
  // forwards, services sign their calls to each other, and a local process that did not get the
  // key (it is in no file) cannot make a call that names anyone.
  const signingKey = process.env.INTERNAL_SIGNING_KEY || randomBytes(32).toString('base64url');
  // biome-ignore lint/suspicious/noExplicitAny: each service has its own config schema and context.
  const services: ServiceDefinition<any, any>[] = [
    // The data export asks the other services, which start after auth on free ports.
    createAuthService({
      revocations,
      serviceUrls: () => Object.fromEntries(Object.entries(running).map(([name, s]) => [name, s.url])),
    }),
    billingService,
    questionnaireService,
    // Files before chat: chat asks files for the text of attachments; files asks chat, once it
    // runs, whether an upload's session is the uploader's.
    createFilesService({ chatUrl: () => running.chat?.url }),
    chatService,
    notificationsService,
  ];
  const running: Record<string, RunningService> = {};
  const stopAll = async () => {
    for (const service of Object.values(running).reverse()) await service.stop();
    await bus.close();
  };
  try {
    for (const definition of services) {
      const env = {
        ...process.env,
        ...options.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        EVENT_BUS: 'memory',
        // Each service gets its own in-process queue, as each gets its own BullMQ prefix.
        JOBS: 'memory',
        REDIS_URL: '',
        INTERNAL_SIGNING_KEY: signingKey,
        // Chat reads attachments from files, which started before it on a free port.
        ...(definition.name === 'chat' ? { FILES_URL: running.files?.url } : {}),
        APP_URL: options.env?.APP_URL ?? `http://localhost:${options.port}`,
      };
      const clock =
        options.clock ??
        (definition.name === 'billing'
          ? testBillingClock()
          : definition.name === 'chat'
            ? testClockFrom(process.env.INNERVIEW_TEST_CHAT_CLOCK_FILE)
            : undefined);
      running[definition.name] = await startService(definition, { env, bus, ...(clock ? { clock } : {}) });
    }
    const upstreams = Object.fromEntries(Object.entries(running).map(([name, s]) => [name, s.url]));
    const logger = createLogger({
      name: 'gateway',
      level: options.env?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    });
    const verifier = createTokenVerifier({
      jwks: `${running.auth!.url}/.well-known/jwks.json`,
      revocations,
    });
    const notificationsUrl = running.notifications!.url;
    const gateway = createGateway({
      logger,
      upstreams: upstreams as never,
      embedded: true,
      production: (options.env?.NODE_ENV ?? process.env.NODE_ENV) === 'production',
      // One process: calls go to each service's app directly, not through a loopback socket
      // (ADR 26). The services still listen on their ports for each other and for /readyz.
      inProcessServices: Object.fromEntries(
        Object.entries(running).map(([name, s]) => [name, s.app]),
      ) as never,
      authenticate: async (req) => verifier.verify(bearerToken(req.headers.authorization)),
      signingKey,
      devRoutes: (req, res, next) => forwardDevRoute(notificationsUrl, signingKey, req, res).catch(next),
      frontends: builtFrontends(process.env.FRONTENDS_DIR),
    });
    const listening = await listen(gateway.app, options.port, '127.0.0.1');
    return {
      url: `http://localhost:${listening.port}`,
      services: running,
      bus,
      revocations,
      stop: async () => {
        // Each service's work ends first, as it does in a service's own stop before its requests
        // drain: chat's replies in flight are stopped and stored as far as they got (its onStop)
        // before the gateway waits for their streams to end.
        for (const service of Object.values(running).reverse()) await service.stopWork();
        await listening.stop(5000);
        await gateway.close();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * Everything under DATA_DIR is people's data (databases, uploads, mails with links): folders 0700,
 * files 0600. A umask of 077 covers what this process creates, PGlite's own files included (it
 * creates them 0666/0777, less the umask); the data folder itself is narrowed even if an older run
 * made it wider. (Worker threads may not change the umask; the product runs on the main thread.)
 */
function keepDataPrivate(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread: the explicit modes below and in the services still hold.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * Test-only, off unless INNERVIEW_TEST_BILLING_CLOCK_FILE is set (browser tests): billing's time
 * runs ahead of the real time by the milliseconds written in that file, so a test can let a trial
 * expire. Nothing else moves: tokens, mail and the other services keep the real time.
 */
function testBillingClock(): Clock | undefined {
  return testClockFrom(process.env.INNERVIEW_TEST_BILLING_CLOCK_FILE);
}

/**
 * The same for chat, off unless INNERVIEW_TEST_CHAT_CLOCK_FILE is set: the goals' check-ins come
 * due (docs/product.md#goals) without waiting a week.
 */
function testClockFrom(file: string | undefined): Clock | undefined {
  if (!file) return undefined;
  const offset = () => {
    try {
      return Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      return 0;
    }
  };
  return { now: () => new Date(Date.now() + offset()) };
}

/** The dev mailbox lives in the notifications service; the gateway shows it at /dev in embedded mode. */
async function forwardDevRoute(
  upstream: string,
  signingKey: string,
  req: Request,
  res: Response,
): Promise<void> {
  if (req.method !== 'GET') {
    res.status(405).json({ detail: 'Method not allowed', code: 'VALIDATION_ERROR' });
    return;
  }
  const headers = signCall(signingKey, {
    caller: 'gateway',
    method: 'GET',
    path: req.originalUrl,
    clientIp: req.ip,
    requestId: req.headers['x-request-id'] as string | undefined,
  });
  const answer = await fetch(`${upstream}${req.originalUrl}`, {
    headers,
    signal: AbortSignal.timeout(10_000),
  });
  res.status(answer.status);
  for (const header of [
    'content-type',
    'content-security-policy',
    'cache-control',
    'x-content-type-options',
  ]) {
    const value = answer.headers.get(header);
    if (value) res.setHeader(header, value);
  }
  res.send(Buffer.from(await answer.arrayBuffer()));
}
