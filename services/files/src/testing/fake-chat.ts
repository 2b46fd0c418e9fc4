import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_SESSION_CHECK_PATH } from '@innerview/contracts/chat';
import { verifyCall } from '@innerview/kit/trust';

/** The chat service's session check as files' tests need it: signed calls only, sessions as told. */
export interface FakeChat {
  url: string;
  /** Makes `sessionId` one of `userId`'s sessions. */
  own(userId: string, sessionId: string): void;
  /** The session is deleted: chat now answers 404 for it. */
  forget(sessionId: string): void;
  /** While true, every call is cut off without an answer (chat unreachable). */
  down: boolean;
  /** Calls seen, as `caller user path`. */
  calls: string[];
  stop(): Promise<void>;
}

const prefix = CHAT_SESSION_CHECK_PATH.replace(':id', '');

export async function startFakeChat(signingKey: string): Promise<FakeChat> {
  const owners = new Map<string, string>();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    if (fake.down) {
      req.socket.destroy();
      return;
    }
    const path = req.url ?? '';
    const verified = verifyCall(
      { current: signingKey },
      { method: req.method ?? '', path, headers: req.headers },
    );
    if (!verified.ok || verified.statement.caller === 'gateway') {
      res.writeHead(401).end();
      return;
    }
    const { caller, userId } = verified.statement;
    calls.push(`${caller} ${userId} ${path}`);
    const sessionId = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : '';
    res.writeHead(userId && owners.get(sessionId) === userId ? 204 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeChat = {
    url: `http://127.0.0.1:${port}`,
    down: false,
    own: (userId, sessionId) => owners.set(sessionId, userId),
    forget: (sessionId) => owners.delete(sessionId),
    calls,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
