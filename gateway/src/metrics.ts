import { createMetrics, type ServiceMetrics } from '@innerview/kit/metrics';
import { Counter, Histogram } from 'prom-client';
import type { ServiceName } from './domain/route-table.ts';

export interface GatewayMetrics extends ServiceMetrics {
  /** Records one proxied request by service, so dashboards see each upstream's traffic and errors. */
  observeUpstream(service: ServiceName, status: number, seconds: number): void;
}

export function createGatewayMetrics(): GatewayMetrics {
  const metrics = createMetrics('gateway');
  const requests = new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Proxied requests by service and status',
    labelNames: ['upstream', 'status'],
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'gateway_upstream_duration_seconds',
    help: 'Proxied request duration by service, until the answer ends',
    labelNames: ['upstream'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  // Label children looked up once: this runs on every forwarded call.
  const counters = new Map<string, ReturnType<typeof requests.labels>>();
  const timers = new Map<string, ReturnType<typeof duration.labels>>();
  return {
    ...metrics,
    observeUpstream(service, status, seconds) {
      const key = `${service} ${status}`;
      let counter = counters.get(key);
      if (!counter) {
        counter = requests.labels({ upstream: service, status: String(status) });
        counters.set(key, counter);
      }
      counter.inc();
      let timer = timers.get(service);
      if (!timer) {
        timer = duration.labels({ upstream: service });
        timers.set(service, timer);
      }
      timer.observe(seconds);
    },
  };
}
