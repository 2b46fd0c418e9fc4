// The logins' load generator: wrk (C, from Debian's `wrk` package) rather than a Node.js client.
// It shares the two cores with the product in this benchmark, and what it spends per request is
// taken from the logins' share: wrk spends a quarter or less of what autocannon did (0.16 ms against
// 0.5–0.7 ms per login, measured on the same machine), so the rates compare the login path, not
// the client.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

export type WrkResult = {
  /** Answers with status 200. */
  ok: number;
  /** Answers with any other status. */
  other: number;
  /** Connect, read, write and time-out errors. */
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time wrk used (user + system), from the shell's `times` after it exits. */
  cpuMicros: number;
};

const script = path.join(import.meta.dirname, 'login.lua');

/** Stops with what to install when wrk is missing, before the product starts. */
export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) throw new Error('the login benchmark needs wrk: apt-get install -y wrk');
}

const minutesSeconds = (text: string) => {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (!match) throw new Error(`not a time from times: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

/** Reads the `innerview …` line of login.lua and the children's line of the shell's `times`. */
export function parseWrkOutput(output: string): WrkResult {
  const line = /^innerview (.*)$/m.exec(output);
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const field = (name: string) => {
    const match = new RegExp(`\\b${name}=(\\d+)`).exec(line[1]!);
    if (!match) throw new Error(`wrk's result has no ${name}: ${line[0]}`);
    return Number(match[1]);
  };
  // `times` prints the shell's own user and system time, then its children's (wrk's).
  const times = output
    .trim()
    .split('\n')
    .filter((l) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(l.trim()));
  const children = times.at(-1)?.trim().split(' ');
  if (!children || times.length < 2) throw new Error(`no CPU times after wrk:\n${output}`);
  return {
    ok: field('ok'),
    other: field('other'),
    errors: field('errors'),
    seconds: field('duration_us') / 1e6,
    p50Ms: field('p50_us') / 1000,
    p99Ms: field('p99_us') / 1000,
    cpuMicros: (minutesSeconds(children[0]!) + minutesSeconds(children[1]!)) * 1e6,
  };
}

/** `connections` connections logging in for `seconds` against `base`, one wrk thread. */
export function runWrk(options: {
  base: string;
  connections: number;
  seconds: number;
  body: string;
  firstClient: number;
}): Promise<WrkResult> {
  const command = `wrk -t1 -c${options.connections} -d${options.seconds}s --timeout 30s -s '${script}' '${options.base}'; times`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], {
      env: { ...process.env, LOGIN_BODY: options.body, FIRST_CLIENT: String(options.firstClient) },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(parseWrkOutput(output));
      } catch (error) {
        reject(error);
      }
    });
  });
}
