import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import net from 'node:net';

/** A free loopback port (the OS picks it; closed again before the caller binds it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Thrown by a `waitFor` check when waiting longer cannot help (the process is gone). */
export class GiveUp extends Error {}

/** Asks `check` every `everyMs` until it returns a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      if (err instanceof GiveUp) throw err;
      lastError = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs} ms${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(1000);
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

/**
 * One child process of the suite (a service, the gateway, redis-server) with its output appended
 * to a log file under artifacts/, so that a failed run can be read afterwards.
 */
export class ChildRun {
  child: ChildProcess | undefined;
  #log: WriteStream;
  exits = 0;

  readonly name: string;
  readonly command: string;
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
  readonly logFile: string;
  readonly cwd: string | undefined;

  constructor(
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    logFile: string,
    cwd?: string,
  ) {
    this.name = name;
    this.command = command;
    this.args = args;
    this.env = env;
    this.logFile = logFile;
    this.cwd = cwd;
    this.#log = createWriteStream(logFile, { flags: 'a' });
  }

  start(): this {
    this.#log.write(`\n===== ${new Date().toISOString()} start ${this.name}\n`);
    const child = spawn(this.command, this.args, {
      env: this.env,
      cwd: this.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.#log, { end: false });
    child.stderr?.pipe(this.#log, { end: false });
    child.on('exit', (code, signal) => {
      this.exits++;
      this.#log.write(
        `\n===== ${new Date().toISOString()} exit ${this.name} code=${code} signal=${signal}\n`,
      );
    });
    this.child = child;
    return this;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs` when it does not come). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  kill9(): Promise<void> {
    return this.stop('SIGKILL');
  }

  closeLog(): void {
    this.#log.end();
  }
}
