import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Express } from 'express';
import { ConfigError } from './config.ts';
import { errorBody } from './errors.ts';
import { acceptH2c } from './h2c.ts';

export interface Listening {
  server: Server;
  port: number;
  url: string;
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes. */
  stop(graceMs?: number): Promise<void>;
}

/** How long a client may take to send a whole request, headers and body (`HTTP_REQUEST_TIMEOUT_MS`). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Node answers faults of the request itself (too slow, headers over 16 KB, malformed) with a bare
 * status line; answer them in the product's error shape instead, then close the connection.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(errorBody(status));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function listen(
  app: Express,
  port: number,
  host = '127.0.0.1',
  options: { requestTimeoutMs?: number } = {},
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const server = createServer(
      {
        // A trickled body holds a connection and a parser: bound the whole request, not only the
        // headers (Node's default is 300 s), and look for overdue ones often enough to keep the bound.
        requestTimeout,
        headersTimeout: Math.min(66_000, requestTimeout),
        connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))),
      },
      app,
    );
    server.on('clientError', answerClientError);
    server.listen(port, host);
    // Keep-alive from the gateway's agents must outlive the gateway's idle timeout.
    server.keepAliveTimeout = 65_000;
    // The gateway's long-lived streams come over HTTP/2 on the same port (ADR 21).
    const h2c = acceptH2c(server, app);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      resolve({
        server,
        port: address.port,
        url: `http://${shownHost}:${address.port}`,
        stop: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => {
              server.closeAllConnections();
              h2c.closeSessions(true);
            }, graceMs);
            force.unref();
            // Keep-alive connections turn idle as their last request finishes: close them as they do,
            // so a drained server stops at once instead of waiting for the grace period.
            const sweep = setInterval(() => {
              server.closeIdleConnections();
              h2c.closeUndecided();
            }, 50);
            sweep.unref();
            server.close(() => {
              clearTimeout(force);
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
            h2c.closeUndecided();
            h2c.closeSessions();
          }),
      });
    });
  });
}

/**
 * The body of every `main.ts`: starts, and on SIGTERM or SIGINT stops once, cleanly.
 * A configuration error prints its one line and exits with status 1, without a stack trace.
 */
export async function runMain(start: () => Promise<{ stop(): Promise<void> }>): Promise<void> {
  let running: { stop(): Promise<void> };
  try {
    running = await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err) => {
        console.error(`shutdown after ${signal} failed`, err);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/**
 * The body of every `migrate.ts`: runs the migrations and exits 0, or prints the cause and exits 1
 * (a configuration error as its one line).
 */
export async function runOnce(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  process.exit(0);
}
