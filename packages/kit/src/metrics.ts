import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { sendError } from './errors.ts';

// Process-wide metrics (CPU, memory, event loop) are collected once, even when six services share
// the embedded process; each service adds its own HTTP metrics in its own registry.
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/**
 * Times a service carried on without a dependency it could not reach (`outcome: fail_open`, e.g.
 * auth's rate limits while Redis is down), by service and dependency: an operator sees at once how
 * long a protection was off (ADR 38).
 */
export const dependencyUnavailableTotal = new Counter({
  name: 'dependency_unavailable_total',
  help: 'Operations that went on without an unreachable dependency, by service, dependency and outcome',
  labelNames: ['service', 'dependency', 'outcome'],
  registers: [processRegistry],
});

export interface ServiceMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
}

export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The route pattern, not the URL: ids and e-mails must not become label values.
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      end({ method: req.method, route });
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
  const handler: RequestHandler = async (_req, res) => {
    const merged = Registry.merge([processRegistry, registry]);
    res.setHeader('Content-Type', merged.contentType);
    res.send(await merged.metrics());
  };
  return { registry, middleware, handler };
}

/**
 * Guards /metrics with `Authorization: Bearer <token>` when a token is configured (`METRICS_TOKEN`);
 * without one it lets every scrape through (the metrics port is then kept private by the network).
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  if (!token) return (_req, _res, next) => next();
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(`Bearer ${token}`);
  return (req, res, next) => {
    const presented = req.headers.authorization;
    if (presented && timingSafeEqual(digest(presented), expected)) next();
    else sendError(res, 401);
  };
}
