import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '@innerview/kit/errors';
import { type Dispatcher, Pool } from 'undici';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';
import {
  answerUpstreamFailure,
  type Forwarder,
  type ForwarderOptions,
  forwardedRequestHeaders,
  hopByHop,
  isEventStream,
  isLongLivedCall,
  upstreamPool,
} from './forwarder.ts';
import { createH2cStreams } from './h2c-streams.ts';

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The undici engine: one keep-alive pool per service for ordinary calls (long-lived ones go over
 * h2c, or a pool without a connection cap where a service has no h2c), the response written straight from undici's
 * parser callbacks to the client (no intermediate stream), with back-pressure both ways.
 * `headersTimeout` gives the 504; `bodyTimeout` is an idle time-out between chunks, so a stream that
 * keeps sending is never cut.
 */
export function createUndiciForwarder(options: ForwarderOptions): Forwarder {
  const { logger, timeoutMs } = options;
  const pools = {} as Record<ServiceName, Pool>;
  const streamPools = {} as Record<ServiceName, Pool>;
  for (const service of serviceNames) {
    const settings = {
      keepAliveTimeout: upstreamPool.keepAliveMs,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    pools[service] = new Pool(options.upstreams[service], {
      ...settings,
      connections: upstreamPool.connections,
    });
    streamPools[service] = new Pool(options.upstreams[service], { ...settings, connections: null });
  }
  const h2c = createH2cStreams(options);

  function forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): void {
    const longLived = isLongLivedCall(req);
    if (longLived && h2c.forward(service, req, res)) return;
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
      (longLived ? streamPools : pools)[service].dispatch(
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
      await h2c.close();
      await Promise.all(
        [...Object.values(pools), ...Object.values(streamPools)].map((pool) => pool.destroy()),
      );
    },
  };
}
