import type { RequestHandler } from 'express';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';

export interface ServiceHealth {
  ready: boolean;
  latencyMs: number;
  /** The HTTP status of /readyz, or absent when the service did not answer at all. */
  status?: number;
  error?: 'unreachable' | 'timeout';
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceHealth>;
}

/** Asks every service's /readyz at once, each with its own short time-out. */
export async function checkHealth(
  upstreams: Record<ServiceName, string>,
  timeoutMs: number,
): Promise<HealthReport> {
  const entries = await Promise.all(
    serviceNames.map(async (service): Promise<[ServiceName, ServiceHealth]> => {
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      try {
        const res = await fetch(new URL('/readyz', upstreams[service]), {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        await res.body?.cancel();
        return [service, { ready: res.ok, latencyMs: latency(), status: res.status }];
      } catch (err) {
        const error = (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
        return [service, { ready: false, latencyMs: latency(), error }];
      }
    }),
  );
  const services = Object.fromEntries(entries) as Record<ServiceName, ServiceHealth>;
  const allReady = entries.every(([, health]) => health.ready);
  return { status: allReady ? 'ok' : 'degraded', services };
}

/**
 * `GET /api/v1/health`: 200 only when all six services are ready, else 503. Concurrent callers
 * share one round of checks, so a burst of health calls cannot multiply the load on the services.
 */
export function createHealthRoute(upstreams: Record<ServiceName, string>, timeoutMs: number): RequestHandler {
  let inFlight: Promise<HealthReport> | undefined;
  return async (_req, res) => {
    inFlight ??= checkHealth(upstreams, timeoutMs).finally(() => {
      inFlight = undefined;
    });
    const report = await inFlight;
    res.setHeader('cache-control', 'no-store');
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
}
