import http from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * HTTP/2 without TLS ("h2c", prior knowledge) on the same port as HTTP/1.1, for the gateway: it
 * sends long-lived streams (chat replies) to a service over a few multiplexed connections instead of
 * one socket each, so one gateway can hold ten thousand of them (ADR 21). Everything else stays on
 * HTTP/1.1 keep-alive. A connection is told apart by its first bytes: the HTTP/2 preface starts
 * with `PRI `, which no HTTP/1.1 method does.
 */
const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');

export interface H2cSupport {
  /** Open HTTP/2 sessions (each one gateway connection carrying many streams). */
  sessions: Set<http2.ServerHttp2Session>;
  /** Asks every session to finish its streams and go (GOAWAY); `force` cuts them at once. */
  closeSessions(force?: boolean): void;
  /** Closes connections that have not sent a byte yet (idle: HTTP/1.1's `closeIdleConnections` does not know them). */
  closeUndecided(): void;
}

/** Lets `server` (the app's HTTP/1.1 server) also accept h2c connections for the same Express app. */
export function acceptH2c(server: http.Server, app: Express): H2cSupport {
  const h2 = http2.createServer(
    // Streams are cheap on a multiplexed connection; the gateway sets how many it opens.
    { settings: { maxConcurrentStreams: 100_000 } },
    expressOverHttp2(app),
  );
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const http1 = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  const undecided = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    undecided.add(socket);
    let seen: Buffer = Buffer.alloc(0);
    // Until the first bytes tell which protocol it is, nobody else watches the socket: a client
    // that leaves (or never speaks) without a byte must not keep it, and the server, open.
    const leave = () => socket.destroy();
    const silence = setTimeout(leave, server.headersTimeout || 60_000);
    const sniff = (chunk: Buffer) => {
      seen = seen.length === 0 ? chunk : Buffer.concat([seen, chunk]);
      const n = Math.min(seen.length, preface.length);
      const isH2 = seen.subarray(0, n).equals(preface.subarray(0, n));
      // A prefix of the preface could still be either: wait for the rest.
      if (isH2 && n < preface.length) return;
      clearTimeout(silence);
      undecided.delete(socket);
      socket.off('data', sniff);
      socket.off('end', leave);
      socket.off('error', leave);
      socket.pause();
      socket.unshift(seen);
      // HTTP/2 reads what is buffered itself; the HTTP/1.1 parser wants the socket flowing again.
      if (isH2) h2.emit('connection', socket);
      else {
        for (const listener of http1) listener.call(server, socket);
        socket.resume();
      }
    };
    socket.on('data', sniff);
    socket.once('end', leave);
    socket.once('error', leave);
    socket.once('close', () => {
      clearTimeout(silence);
      undecided.delete(socket);
    });
  });
  return {
    sessions,
    closeUndecided() {
      for (const socket of undecided) socket.destroy();
    },
    closeSessions(force = false) {
      for (const session of sessions) {
        if (force) session.destroy();
        else session.close();
      }
    },
  };
}

/**
 * Express is written against `http.IncomingMessage`/`ServerResponse`: it moves every request onto
 * its own prototypes, which would hide the getters of HTTP/2's compatibility objects (`headers`,
 * `url`, …). For HTTP/2 requests the same app runs with prototypes that put Express's methods on
 * top of `Http2ServerRequest`/`Http2ServerResponse` instead.
 */
export function expressOverHttp2(
  app: Express,
): (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void {
  const request = layered(app.request, http.IncomingMessage.prototype, http2.Http2ServerRequest.prototype);
  const response = layered(app.response, http.ServerResponse.prototype, http2.Http2ServerResponse.prototype);
  const h2App = Object.create(app, { request: { value: request }, response: { value: response } }) as Express;
  return (req, res) => {
    // HTTP/2 frames a body without these headers; body parsers look for one of them to read it.
    if (!req.stream.endAfterHeaders && req.headers['content-length'] === undefined)
      req.headers['transfer-encoding'] = 'chunked';
    (app as unknown as { handle: Handle }).handle.call(h2App, req, res);
  };
}

type Handle = (this: Express, req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

/** A prototype with every property of `top`'s chain down to `stopAt`, over `base`. */
function layered(top: object, stopAt: object, base: object): object {
  const target = Object.create(base) as object;
  for (let proto: object | null = top; proto && proto !== stopAt; proto = Object.getPrototypeOf(proto)) {
    for (const key of Reflect.ownKeys(proto)) {
      if (Object.hasOwn(target, key)) continue;
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(proto, key)!);
    }
  }
  return target;
}
