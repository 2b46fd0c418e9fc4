import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The product as `npm start` runs it, on a free port with a throw-away data folder. */
export type RunningProduct = {
  url: string;
  /** Everything the product printed (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
};

// The first start builds the three front ends; on the 2-core CI machine that can take a while.
const START_TIMEOUT_MS = 170_000;
const STOP_TIMEOUT_MS = 15_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts `scripts/start.ts` with Node 24 exactly as `npm start` does (building stale front ends
 * first), waits until `GET /api/v1/health` answers 200, and returns how to reach and stop it.
 * Fails with the product's own output when it exits or does not become healthy in time.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'innerview-e2e-'));
  const url = `http://localhost:${port}`;
  let output = '';
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), ['scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `npm start exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`,
      );
    }
    if (await healthy(url)) return { url, output: () => output, stop };
    // A poll interval while waiting for health, not a pause.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`npm start was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}
