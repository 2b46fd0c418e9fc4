import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { errorBody } from '@innerview/kit/errors';
import type { Logger } from '@innerview/kit/logger';
import type { ServiceName } from '../domain/route-table.ts';

/** Sends one request to the service that owns it and streams the answer back, unbuffered. */
export interface Forwarder {
  forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): void;
  /** Closes the pooled upstream connections. */
  close(): Promise<void>;
}

export interface ForwarderOptions {
  upstreams: Record<ServiceName, string>;
  /** Longest an upstream may stay silent (before or between chunks) before the request fails. */
  timeoutMs: number;
  logger: Logger;
}

/** Pool settings shared by both engines for ordinary calls: keep-alive, generous per-service concurrency. */
export const upstreamPool = { connections: 256, keepAliveMs: 60_000 } as const;

/**
 * Long-lived calls (streamed chat replies) never wait for a pooled connection (ADR 21): over HTTP/2
 * (h2c) they share `h2cConnections` connections per service; to a service without h2c each gets a
 * connection of its own, without a cap. A service answering without h2c is asked again after
 * `h2cRecheckMs`.
 */
export const streamPool = { h2cConnections: 2, h2cRecheckMs: 30_000 } as const;

/**
 * A call that may stay open for long: the client asks for server-sent events, or the path has a
 * `stream` segment (`/api/v1/chat/stream`, `/api/v1/chat/stream/{id}/resume`).
 */
export function isLongLivedCall(req: IncomingMessage): boolean {
  if (String(req.headers.accept ?? '').includes('text/event-stream')) return true;
  const path = (req.url ?? '').split('?', 1)[0]!;
  return /\/stream(\/|$)/.test(path);
}

// Connection-level headers belong to one hop only (RFC 9110 §7.6.1); undici and HTTP/2 refuse most of them.
export const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'expect',
  'http2-settings',
]);

/** The client's headers less the hop-by-hop ones, with the `x-forwarded-*` of this hop. */
export function forwardedRequestHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const named = new Set(
    String(req.headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !hopByHop.has(name) && !named.has(name)) headers[name] = value;
  }
  const remote = req.socket.remoteAddress ?? '';
  const proto = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for']
    ? `${req.headers['x-forwarded-for']}, ${remote}`
    : remote;
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? proto;
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  return headers;
}

export function isEventStream(contentType: string | string[] | undefined): boolean {
  return typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/event-stream');
}

/**
 * Answers a failed upstream call in the error shape: 503 when the service could not be reached,
 * 504 when it stayed silent too long. Once the answer has started there is no status left to
 * send, so the client connection is cut and the client sees an incomplete response.
 */
export function answerUpstreamFailure(
  res: ServerResponse,
  status: 503 | 504,
  log: { logger: Logger; service: ServiceName; req: IncomingMessage; reason: string },
): void {
  log.logger.warn(
    { upstream: log.service, status, reason: log.reason, reqId: log.req.headers['x-request-id'] },
    'upstream request failed',
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (res.writableEnded) return;
  const body = JSON.stringify(errorBody(status));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}
