import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** Pool settings shared by both engines: keep-alive, generous per-service concurrency. */
export const upstreamPool = { connections: 256, keepAliveMs: 60_000 } as const;

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
