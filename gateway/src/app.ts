import { ConfigError } from '@innerview/kit/config';
import { errorMiddleware, notFoundMiddleware } from '@innerview/kit/errors';
import { requestIdMiddleware } from '@innerview/kit/http';
import { createLogger, type Logger } from '@innerview/kit/logger';
import { metricsAccess } from '@innerview/kit/metrics';
import express, { type Express } from 'express';
import { accessLog } from './access-log.ts';
import { createGatewayMetrics } from './metrics.ts';
import { defaultRemotes, type GatewayOptions, type RemoteManifests } from './options.ts';
import type { Forwarder } from './proxy/forwarder.ts';
import { createInProcessForwarder } from './proxy/in-process-forwarder.ts';
import { createUndiciForwarder } from './proxy/undici-forwarder.ts';
import { createRateLimit } from './rate-limit.ts';
import { startReadinessGate } from './readiness-gate.ts';
import { createFrontendRoutes } from './routes/frontends.ts';
import { createHealthRoute } from './routes/health.ts';
import { loopbackHostOnly } from './routes/loopback-host.ts';
import { createOpenApiRoutes } from './routes/openapi.ts';
import { createProxyRoute } from './routes/proxy.ts';
import { apiSecurityHeaders, securityHeaders } from './security-headers.ts';

export { type ServiceName, serviceForPath, serviceNames } from './domain/route-table.ts';
export type {
  Authenticate,
  AuthenticatedUser,
  FrontendDirs,
  GatewayOptions,
} from './options.ts';

export interface Gateway {
  app: Express;
  /**
   * `/metrics` alone, for Prometheus: listen on a port of its own (`METRICS_PORT`), which the
   * ingress never exposes. The public app does not serve it (issue 18).
   */
  metricsApp: Express;
  /** Turns /readyz to 503 so load balancers stop sending traffic; call first on shutdown. */
  drain(): void;
  /** Releases upstream connections and the Redis client; call after the server has stopped. */
  close(): Promise<void>;
}

export const gatewayDefaults = {
  rateLimitPerMinute: 600,
  upstreamTimeoutMs: 30_000,
  healthTimeoutMs: 2_000,
  readinessPollMs: 2_000,
  // One chat message may carry 5 files of 10 MB each, plus multipart framing.
  maxBodyBytes: 52 * 1024 * 1024,
  trustProxy: 'loopback, linklocal, uniquelocal',
} as const;

/**
 * The gateway: `/api/v1/*` forwarded by path prefix to its service, `/api/v1/health`, the merged
 * OpenAPI document and its docs, and (embedded mode) the front ends. No business logic.
 */
export function createGateway(options: GatewayOptions): Gateway {
  // The /dev tools (mailbox, local checkout) answer anyone: never in production.
  if (options.production && options.devRoutes)
    throw new ConfigError(
      'Invalid configuration: NODE_ENV: the development routes (/dev: mailbox, local checkout) are refused in production',
    );
  const logger = options.logger ?? createLogger({ name: 'gateway' });
  const remotes: RemoteManifests = { ...defaultRemotes, ...options.remotes };
  const metrics = createGatewayMetrics();
  const forwarder = createForwarder(options, logger);
  const healthTimeoutMs = options.healthTimeoutMs ?? gatewayDefaults.healthTimeoutMs;
  const readinessPollMs = options.readinessPollMs ?? gatewayDefaults.readinessPollMs;
  const gate =
    readinessPollMs > 0
      ? startReadinessGate({
          upstreams: options.upstreams,
          intervalMs: readinessPollMs,
          timeoutMs: healthTimeoutMs,
          logger,
        })
      : undefined;
  let draining = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? gatewayDefaults.trustProxy);
  // Forwarded calls come first and pass as few layers as possible: they are nearly all the traffic.
  app.use(requestIdMiddleware);
  app.use(accessLog(logger));
  const setApiHeaders = apiSecurityHeaders({ embedded: options.embedded });
  const limitRate = createRateLimit({
    perMinute: options.rateLimitPerMinute ?? gatewayDefaults.rateLimitPerMinute,
    redisUrl: options.redisUrl,
    logger,
  });
  // One layer for the /api edge (not `app.use('/api', …)`, whose path rewriting costs on every call).
  app.use((req, res, next) => {
    if (!/^\/api(\/|$)/.test(req.path)) {
      next();
      return;
    }
    setApiHeaders(res);
    void limitRate(req, res, next);
  });
  app.use(
    createProxyRoute({
      forwarder,
      authenticate: options.authenticate,
      maxBodyBytes: options.maxBodyBytes ?? gatewayDefaults.maxBodyBytes,
      logger,
      observe: metrics.observeUpstream,
      gate,
      signingKey: options.signingKey,
    }),
  );

  app.use(metrics.middleware);
  app.use(securityHeaders({ remotes, embedded: options.embedded }));
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  // The gateway's own readiness does not follow the services': one service down must not take
  // the whole API (and its 503 answers) out of the load balancer.
  app.get('/readyz', (_req, res) => {
    res
      .status(draining ? 503 : 200)
      .json({ status: draining ? 'shutting_down' : 'ready', service: 'gateway' });
  });
  app.get('/api/v1/health', createHealthRoute(options.upstreams, healthTimeoutMs));
  app.use(createOpenApiRoutes(options.upstreams, 5_000));
  app.use('/api', notFoundMiddleware);
  // Dev routes (the mailbox with its links) only for a loopback Host: no DNS rebinding.
  if (options.embedded && options.devRoutes) app.use('/dev', loopbackHostOnly, options.devRoutes);
  app.use(
    createFrontendRoutes({
      frontends: options.frontends,
      remotes,
      mode: options.embedded ? 'embedded' : 'distributed',
    }),
  );
  app.use(notFoundMiddleware);
  app.use(errorMiddleware(logger));

  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get('/metrics', metricsAccess(options.metricsToken), metrics.handler);
  metricsApp.use(notFoundMiddleware);

  return {
    app,
    metricsApp,
    drain() {
      draining = true;
    },
    async close() {
      draining = true;
      gate?.stop();
      await forwarder.close();
      await limitRate.close();
    },
  };
}

/** The one network engine, undici (ADR 71); the embedded product hands calls over in-process (ADR 26). */
function createForwarder(options: GatewayOptions, logger: Logger): Forwarder {
  if (options.inProcessServices) return createInProcessForwarder(options.inProcessServices);
  return createUndiciForwarder({
    upstreams: options.upstreams,
    timeoutMs: options.upstreamTimeoutMs ?? gatewayDefaults.upstreamTimeoutMs,
    logger,
  });
}
