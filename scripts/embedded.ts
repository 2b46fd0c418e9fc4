import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGateway } from '@innerview/gateway';
import {
  createEventBus,
  createJobQueue,
  createLogger,
  type EventBus,
  type JobQueue,
  listen,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@innerview/kit';
import { authService } from '../services/auth/src/app.ts';
import { billingService } from '../services/billing/src/app.ts';
import { chatService } from '../services/chat/src/app.ts';
import { filesService } from '../services/files/src/app.ts';
import { notificationsService } from '../services/notifications/src/app.ts';
import { questionnaireService } from '../services/questionnaire/src/app.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// biome-ignore lint/suspicious/noExplicitAny: each service has its own config schema.
const services: ServiceDefinition<any>[] = [
  authService,
  billingService,
  chatService,
  questionnaireService,
  filesService,
  notificationsService,
];

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

export interface EmbeddedOptions {
  port: number;
  dataDir: string;
  /** Extra environment for every service (e.g. LOG_LEVEL). */
  env?: Record<string, string | undefined>;
}

export interface Embedded {
  url: string;
  services: Record<string, RunningService>;
  bus: EventBus;
  jobs: JobQueue;
  stop(): Promise<void>;
}

/**
 * Starts the gateway and all six services in this process on embedded defaults: PGlite per service
 * under `<dataDir>/<service>`, one in-process bus and job queue shared by all, each service on its
 * own loopback port behind the gateway, exactly as in a cluster.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<Embedded> {
  const dataDir = path.resolve(options.dataDir);
  const bus = await createEventBus({ kind: 'memory' });
  const jobs = createJobQueue({ kind: 'memory' });
  const running: Record<string, RunningService> = {};
  const stopAll = async () => {
    for (const service of Object.values(running).reverse()) await service.stop();
    await jobs.close();
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
        JOBS: 'memory',
        REDIS_URL: '',
      };
      running[definition.name] = await startService(definition, { env, bus, jobs });
    }
    const upstreams = Object.fromEntries(Object.entries(running).map(([name, s]) => [name, s.url]));
    const logger = createLogger({
      name: 'gateway',
      level: options.env?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    });
    const gateway = createGateway({
      logger,
      upstreams: upstreams as never,
      embedded: true,
      dataDir,
      frontends: {
        shellDir: path.join(root, 'frontends/shell/dist'),
        chatDir: path.join(root, 'frontends/chat/dist'),
        accountDir: path.join(root, 'frontends/account/dist'),
      },
    });
    const listening = await listen(gateway.app, options.port, '127.0.0.1');
    return {
      url: `http://localhost:${listening.port}`,
      services: running,
      bus,
      jobs,
      stop: async () => {
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
