import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { fetchAsGateway, testSigningKey } from '@innerview/kit/testing/signed-calls';
import { afterAll, beforeAll, vi } from 'vitest';
import { storeVerdict } from '../db/access.ts';
import { type SseEvent, sseEvents } from './sse-client.ts';

const main = path.resolve(import.meta.dirname, '../main.ts');

/** The chat service as its own process (`node src/main.ts`), as an orchestrator runs it. */
export interface ChatProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no clean-up, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

const running = new Set<ChatProcess>();

/** Starts one and resolves with its address once it logs that it listens (bounded: 60 s). */
export async function startChatProcess(env: Record<string, string>): Promise<ChatProcess> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JOBS: 'memory',
      // The key the gateway signs with; `callAs` signs as the gateway does.
      INTERNAL_SIGNING_KEY: testSigningKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`chat exited with ${code}`)));
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'service started' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
  });
  const started: ChatProcess = {
    url,
    child,
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
  running.add(started);
  child.once('exit', () => running.delete(started));
  return started;
}

export async function killAllChatProcesses(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill()));
}

/**
 * A fresh PostgreSQL database (named from `name`) for a test file whose tests start chat processes on it:
 * created before the file's own set-up, dropped after every process is killed. Each step starts a real
 * process (a few seconds on an idle machine, far more on a loaded one), hence the file's long timeouts.
 */
export function useProcessDatabase(name: string): { readonly url: string } {
  vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });
  let database: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(name);
  });
  afterAll(async () => {
    await killAllChatProcesses();
    await database?.drop();
  });
  return {
    get url() {
      if (!database) throw new Error('the database is made before the tests run');
      return database.url;
    },
  };
}

/** A call as the gateway makes it: the person's id in a statement signed with the shared key. */
export function callAs(
  url: string,
  userId: string,
  init: {
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  },
): Promise<Response> {
  return fetchAsGateway(
    { current: testSigningKey },
    url,
    init.path,
    {
      method: init.method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      ...(init.signal ? { signal: init.signal } : {}),
    },
    { userId },
  );
}

export async function readAllEvents(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of sseEvents(response)) events.push(event);
  return events;
}

/** Gives the person a paid plan's access in chat's store, as billing's verdict would. */
export async function allowChat(databaseUrl: string, userId: string): Promise<void> {
  const db = await openDatabase({ url: databaseUrl, dataDir: '', poolSize: 1 });
  try {
    const now = new Date();
    await storeVerdict(
      db.db,
      userId,
      {
        allowed: true,
        allowedUntil: new Date(now.getTime() + 20 * 86_400_000),
        reason: 'subscription_expired',
        access: 'full',
        trialTokensRemaining: null,
      },
      now,
      now,
    );
  } finally {
    await db.close();
  }
}
