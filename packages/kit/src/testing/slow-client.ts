import net from 'node:net';

/**
 * A client that sends a request's headers and then trickles its body one byte at a time, as an
 * attacker holding connections open would; resolves with what the server answered and when.
 */
export function trickleBody(
  url: string,
  path: string,
  options: { everyMs?: number; giveUpMs?: number; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; elapsedMs: number }> {
  const { hostname, port } = new URL(url);
  const everyMs = options.everyMs ?? 200;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    const trickle = setInterval(() => socket.writable && socket.write('a'), everyMs);
    const giveUp = setTimeout(() => socket.destroy(new Error('no answer')), options.giveUpMs ?? 20_000);
    const done = () => {
      clearInterval(trickle);
      clearTimeout(giveUp);
    };
    // Extra headers (a signed statement) so that the server reads the body rather than refusing the call.
    const extra = Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.on('connect', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n${extra}\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', (err) => {
      done();
      if (!answer) reject(err);
    });
    socket.on('close', () => {
      done();
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body, elapsedMs: Date.now() - started });
    });
  });
}

/** A GET whose query string alone is over Node's 16 KB header limit. */
export async function hugeQuery(url: string, path: string): Promise<Response> {
  return fetch(`${url}${path}?q=${'x'.repeat(17 * 1024)}`);
}
