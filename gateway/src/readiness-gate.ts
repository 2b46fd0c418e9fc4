import type { Logger } from '@innerview/kit/logger';
import { type ServiceName, serviceNames } from './domain/route-table.ts';
import { checkHealth } from './routes/health.ts';

export interface ReadinessGate {
  /** False while the service's /readyz has failed the last checks in a row. */
  isOpen(service: ServiceName): boolean;
  stop(): void;
}

export interface ReadinessGateOptions {
  upstreams: Record<ServiceName, string>;
  intervalMs: number;
  timeoutMs: number;
  logger: Logger;
  /** Failed checks in a row before requests are refused (one blip is not an outage). */
  failuresToClose?: number;
}

/**
 * Polls every service's /readyz. A service that is up but not ready (it lost its database, say)
 * would otherwise answer its own 500s; while its gate is closed the gateway answers 503 at once,
 * the same answer a crashed service gets, and opens again on the first good check. Services start
 * open: the gateway never refuses traffic before it has seen a failure.
 */
export function startReadinessGate(options: ReadinessGateOptions): ReadinessGate {
  const failuresToClose = options.failuresToClose ?? 2;
  const failures = Object.fromEntries(serviceNames.map((s) => [s, 0])) as Record<ServiceName, number>;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const tick = async () => {
    const report = await checkHealth(options.upstreams, options.timeoutMs);
    for (const service of serviceNames) {
      const wasOpen = failures[service] < failuresToClose;
      failures[service] = report.services[service].ready ? 0 : failures[service] + 1;
      const isOpen = failures[service] < failuresToClose;
      if (wasOpen && !isOpen)
        options.logger.warn({ upstream: service }, 'service not ready: answering 503 for it');
      if (!wasOpen && isOpen) options.logger.info({ upstream: service }, 'service ready again');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();

  return {
    isOpen: (service) => failures[service] < failuresToClose,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
