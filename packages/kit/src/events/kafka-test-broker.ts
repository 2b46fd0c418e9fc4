import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A Kafka broker of a test's own (infra/kafka/kafka.sh on free loopback ports and a temporary
 * folder), for tests that stop, restart or secure a broker: the shared one on 9092 is never touched.
 * With `secure`, it also has a SASL_SSL listener with a self-signed certificate (`caFile`) and the
 * users of `testUsers`.
 */

const run = promisify(execFile);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../infra/kafka/kafka.sh');

/** The users kafka.sh gives a secured test broker (made-up test credentials). */
export const testUsers = {
  'scram-sha-256': { username: 'scram256-user', password: 'scram256-secret' },
  'scram-sha-512': { username: 'scram512-user', password: 'scram512-secret' },
  plain: { username: 'plain-user', password: 'plain-secret' },
} as const;

export interface TestBroker {
  /** The PLAINTEXT listener, `127.0.0.1:<port>`. */
  plaintext: string;
  /** The SASL_SSL listener, when started with `secure`. */
  secure?: string;
  /** The PEM certificate a client must trust for `secure`. */
  caFile: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startTestBroker(options: { secure?: boolean } = {}): Promise<TestBroker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kafka-test-broker-'));
  const [port, controllerPort, securePort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    ...process.env,
    KAFKA_STATE_DIR: dir,
    KAFKA_PORT: String(port),
    KAFKA_CONTROLLER_PORT: String(controllerPort),
    KAFKA_SECURE_PORT: options.secure ? String(securePort) : '',
    KAFKA_HEAP: '256m',
    KAFKA_START_TIMEOUT: '150',
  };
  const call = async (command: 'start' | 'stop') => {
    try {
      await run('bash', [script, command], { env, timeout: 170_000 });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`kafka.sh ${command} failed: ${e.stderr || e.stdout || e.message}`);
    }
  };
  await call('start');
  return {
    plaintext: `127.0.0.1:${port}`,
    secure: options.secure ? `127.0.0.1:${securePort}` : undefined,
    caFile: path.join(dir, 'tls', 'ca.pem'),
    start: () => call('start'),
    stop: () => call('stop'),
    destroy: async () => {
      await call('stop');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
