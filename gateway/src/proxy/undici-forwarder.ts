import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { errorBody } from '@innerview/kit/errors';
import { type Dispatcher, Pool } from 'undici';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';
import {
  answerUpstreamFailure,
  type Forwarder,
  type ForwarderOptions,
  isEventStream,
  upstreamPool,
} from './forwarder.ts';

// Connection-level headers belong to one hop only (RFC 9110 §7.6.1); undici refuses most of them.
const hopByHop = new Set([
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

function forwardedRequestHeaders(req: IncomingMessage): IncomingHttpHeaders {
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

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The undici engine: one keep-alive pool per service, the response written straight from undici's
 * parser callbacks to the client (no intermediate stream), with back-pressure both ways.
 * `headersTimeout` gives the 504; `bodyTimeout` is an idle time-out between chunks, so a stream that
 * keeps sending is never cut.
 */
export function createUndiciForwarder(options: ForwarderOptions): Forwarder {
  const { logger, timeoutMs } = options;
  const pools = {} as Record<ServiceName, Pool>;
  for (const service of serviceNames) {
    pools[service] = new Pool(options.upstreams[service], {
      connections: upstreamPool.connections,
      keepAliveTimeout: upstreamPool.keepAliveMs,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  function forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): void {
    let controller: Dispatcher.DispatchController | undefined;
    let clientGone = false;
    res.once('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      controller?.abort(new Error('client closed the connection'));
    });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (clientGone) c.abort(new Error('client closed the connection'));
      },
      onResponseStart(_c, statusCode, headers) {
        if (statusCode < 200) return; // 1xx: Node answers Expect: 100-continue itself.
        const out: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) {
          if (value !== undefined && !hopByHop.has(name)) out[name] = value;
        }
        const stream = isEventStream(headers['content-type']);
        if (stream) out['x-accel-buffering'] = 'no';
        res.writeHead(statusCode, out as Record<string, string | string[]>);
        if (stream) res.flushHeaders();
      },
      onResponseData(c, chunk) {
        if (!res.write(chunk)) {
          c.pause();
          res.once('drain', () => c.resume());
        }
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError(_c, err) {
        if (clientGone) return;
        const code = (err as { code?: string }).code ?? err.name;
        const status = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' ? 504 : 503;
        answerUpstreamFailure(res, status, {
          logger,
          service,
          req,
          reason: status === 504 ? 'timeout' : code,
        });
      },
    };
    try {
      pools[service].dispatch(
        {
          path: req.url ?? '/',
          method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: forwardedRequestHeaders(req),
          body: hasBody(req) ? req : null,
        },
        handler,
      );
    } catch (err) {
      // A request undici refuses outright (e.g. an invalid header value) is the client's fault.
      logger.warn({ upstream: service, err: { message: (err as Error).message } }, 'request not forwardable');
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(errorBody(400)));
    }
  }

  return {
    forward,
    async close() {
      await Promise.all(Object.values(pools).map((pool) => pool.destroy()));
    },
  };
}
