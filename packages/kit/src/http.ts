import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { errorMiddleware, notFoundMiddleware } from './errors.ts';
import { type Logger, loggableUrl } from './logger.ts';
import { createMetrics, metricsAccess, type ServiceMetrics } from './metrics.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { mountRoutes, type RouteDefinition } from './route.ts';
import { traceMiddleware } from './tracing.ts';
import { rememberInboundRequestId, type TrustKeys, trustMiddleware } from './trust.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const validRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a well-formed inbound request id (the gateway's) or makes one; echoes it on the response. */
export const requestIdMiddleware: RequestHandler = (req, res, next) => {
  const inbound = req.header(REQUEST_ID_HEADER);
  // The signed statement covers the id as the caller sent it, not the one made here.
  rememberInboundRequestId(req, inbound);
  const id = inbound && validRequestId.test(inbound) ? inbound : randomUUID();
  (req as { id?: string }).id = id;
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
};

export type ReadinessCheck = () => Promise<void>;

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  routes: RouteDefinition[];
  /** Named checks run by `/readyz`; each throws when its dependency cannot answer. */
  readiness: Record<string, ReadinessCheck>;
  /**
   * Dependencies the service works on without for a while (the bus, while the outbox holds the
   * events; Redis for jobs or caches): `/readyz` reports them (`optional: true`) but stays ready.
   */
  optionalReadiness?: Record<string, ReadinessCheck>;
  /** Readiness turns false at shutdown, before the server stops taking requests. */
  isShuttingDown: () => boolean;
  /** The keys every call but the probes must be signed with (ADR 43). */
  trust: TrustKeys;
  /** The service's metrics (default: HTTP figures only). */
  metrics?: ServiceMetrics;
  /** `false` when /metrics is served on a port of its own (`METRICS_PORT`) instead. */
  serveMetrics?: boolean;
  /** Told each `/readyz` answer (the `service_ready` gauge). */
  onReadiness?: (ready: boolean) => void;
  /** `METRICS_TOKEN`: /metrics then asks for it as a bearer token. */
  metricsToken?: string | undefined;
}

/** An app serving only `/metrics`, for `METRICS_PORT`. */
export function createMetricsApp(metrics: ServiceMetrics, token: string | undefined): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsAccess(token), metrics.handler);
  app.use(notFoundMiddleware);
  return app;
}

export function createHttpApp(options: HttpAppOptions): Express {
  const { name, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  // The client's address comes from the caller's signed statement, never from X-Forwarded-For.
  app.set('trust proxy', false);
  const metrics = options.metrics ?? createMetrics(name);
  app.use(requestIdMiddleware);
  app.use(traceMiddleware);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.headers[REQUEST_ID_HEADER]),
      // Health probes and metrics scrapes would drown the log.
      autoLogging: { ignore: (req) => /^\/(livez|readyz|metrics)$/.test(req.url ?? '') },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(metrics.middleware);
  app.use(trustMiddleware(options.trust));

  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok', service: name });
  });
  app.get('/readyz', async (_req, res) => {
    if (options.isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down', service: name, checks: {} });
      return;
    }
    const checks: Record<string, { ok: boolean; error?: string; optional?: true }> = {};
    const run = (entries: Record<string, ReadinessCheck>, optional: boolean) =>
      Object.entries(entries).map(async ([check, probe]) => {
        const mark = optional ? { optional: true as const } : {};
        try {
          await withTimeout(probe(), optional ? OPTIONAL_CHECK_MS : REQUIRED_CHECK_MS);
          checks[check] = { ok: true, ...mark };
        } catch (err) {
          checks[check] = { ok: false, error: err instanceof Error ? err.message : 'failed', ...mark };
        }
      });
    await Promise.all([...run(options.readiness, false), ...run(options.optionalReadiness ?? {}, true)]);
    const ready = Object.values(checks).every((c) => c.ok || c.optional);
    options.onReadiness?.(ready);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', service: name, checks });
  });
  if (options.serveMetrics !== false)
    app.get('/metrics', metricsAccess(options.metricsToken), metrics.handler);
  const document = buildOpenApiDocument(name, options.routes);
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });

  const router = express.Router();
  mountRoutes(router, options.routes, logger);
  app.use(router);
  app.use(notFoundMiddleware);
  app.use(errorMiddleware(logger));
  return app;
}

/**
 * Bounds of one readiness probe. The gateway's readiness gate polls /readyz with a 2 s budget and
 * closes a service's gate when the answer is late: a dependency that hangs instead of refusing (a
 * Redis that went away answers nothing until its client gives up) must not make the answer late.
 * An optional dependency (bus, jobs) cannot make the service unready anyway, so it gets a short
 * bound; measured, a whole API went 503 for the 15 s of a Redis outage while these waited 2 s.
 */
const REQUIRED_CHECK_MS = 1500;
const OPTIONAL_CHECK_MS = 500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
