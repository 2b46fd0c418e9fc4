import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, debugProxyErrorsPlugin, type RequestHandler } from 'http-proxy-middleware';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';
import {
  answerUpstreamFailure,
  type Forwarder,
  type ForwarderOptions,
  isEventStream,
  isLongLivedCall,
  upstreamPool,
} from './forwarder.ts';
import { createH2cStreams } from './h2c-streams.ts';

/**
 * The http-proxy-middleware engine: one proxy and one keep-alive agent per service for ordinary calls;
 * long-lived ones go over h2c, or through an agent without a socket cap where a service has no h2c.
 */
export function createHttpProxyForwarder(options: ForwarderOptions): Forwarder {
  const { logger, timeoutMs } = options;
  // Requests whose upstream stayed silent past the time-out: their error is a 504, not a 503.
  const timedOut = new WeakSet<IncomingMessage>();
  const agents: http.Agent[] = [];
  const proxies = {} as Record<ServiceName, RequestHandler>;
  const streamProxies = {} as Record<ServiceName, RequestHandler>;
  const h2c = createH2cStreams(options);

  for (const service of serviceNames) {
    const agent = new http.Agent({
      keepAlive: true,
      keepAliveMsecs: 1000,
      maxSockets: upstreamPool.connections,
      maxFreeSockets: upstreamPool.connections,
      scheduling: 'lifo',
    });
    const streamAgent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: Infinity });
    agents.push(agent, streamAgent);
    proxies[service] = proxyTo(service, agent);
    streamProxies[service] = proxyTo(service, streamAgent);
  }

  function proxyTo(service: ServiceName, agent: http.Agent): RequestHandler {
    return createProxyMiddleware({
      target: options.upstreams[service],
      agent,
      changeOrigin: true,
      xfwd: true,
      // An idle time-out on the upstream socket: a stream that keeps sending is never cut.
      proxyTimeout: timeoutMs,
      // The default plugins answer errors in plain text with their own statuses; ours use the error shape.
      ejectPlugins: true,
      plugins: [
        debugProxyErrorsPlugin,
        (proxyServer) => {
          proxyServer.on('proxyReq', (proxyReq, req) => {
            proxyReq.once('timeout', () => timedOut.add(req));
          });
          proxyServer.on('proxyRes', (proxyRes, _req, res) => {
            if (isEventStream(proxyRes.headers['content-type'])) {
              // Tells nginx-style ingresses not to buffer the stream either.
              proxyRes.headers['x-accel-buffering'] = 'no';
            }
            // An upstream that dies mid-answer must not leave the client waiting forever.
            proxyRes.on('close', () => {
              if (!proxyRes.complete) res.destroy();
            });
          });
          proxyServer.on('error', (err, req, res) => {
            const target = res as ServerResponse | Socket;
            if (!('writeHead' in target)) {
              target.destroy();
              return;
            }
            const status = timedOut.has(req) ? 504 : 503;
            const reason = status === 504 ? 'timeout' : ((err as NodeJS.ErrnoException).code ?? err.name);
            answerUpstreamFailure(target, status, { logger, service, req, reason });
          });
        },
      ],
    });
  }

  return {
    forward(service, req, res) {
      const longLived = isLongLivedCall(req);
      if (longLived && h2c.forward(service, req, res)) return;
      void (longLived ? streamProxies : proxies)[service](req, res, (err?: unknown) => {
        answerUpstreamFailure(res, 503, { logger, service, req, reason: String(err) });
      });
    },
    async close() {
      await h2c.close();
      for (const agent of agents) agent.destroy();
    },
  };
}
