import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { eventually } from './eventually.ts';

/**
 * A private `redis-server` for fault tests (never the shared one): no persistence, so `restart()`
 * brings it back EMPTY on the same port, as a Redis restarted without persistence or failed over
 * to a replica that had not caught up would be.
 */
export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  /** Kills the server (SIGKILL) and waits until the port refuses connections. */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(() => canConnect(port), {
      timeoutMs: 10_000,
      what: `redis-server on ${port} answering`,
    });
  };
  const kill = async () => {
    if (!child) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    child = undefined;
    await eventually(async () => !(await canConnect(port)), {
      timeoutMs: 5000,
      what: `redis-server on ${port} gone`,
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, restart: start, stop: kill };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
