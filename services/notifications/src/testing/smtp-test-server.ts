import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ReadMessage, readMime } from './read-mime.ts';

export interface ReceivedMail extends ReadMessage {
  envelopeTo: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port. `refuseNext(n)` makes it answer the next `n`
 * messages with a temporary failure (451), as a busy or broken server would.
 */
export async function startSmtpTestServer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          refused++;
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...readMime(raw), raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
