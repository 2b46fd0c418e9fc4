import { createLogger } from '@innerview/kit/logger';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceName } from './domain/route-table.ts';
import { startReadinessGate } from './readiness-gate.ts';
import { startTestGateway, type TestGateway } from './test-support/fake-upstreams.ts';

const silent = createLogger({ name: 'gateway', level: 'silent' });

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

describe('a service that is up but not ready', () => {
  it('is answered 503 by the gateway until it is ready again', async () => {
    gateway = await startTestGateway({ readinessPollMs: 50, healthTimeoutMs: 200 });
    let databaseUp = true;
    gateway.upstreams.billing.handle = (req, res) => {
      if (req.url === '/readyz') {
        res.writeHead(databaseUp ? 200 : 503).end();
        return;
      }
      // What a service whose database is gone would answer on its own.
      res.writeHead(databaseUp ? 200 : 500, { 'content-type': 'application/json' });
      res.end(
        databaseUp
          ? '{"subscription_status":"trial"}'
          : '{"detail":"Internal server error","code":"SERVER_ERROR"}',
      );
    };
    const status = () => fetch(`${gateway!.url}/api/v1/subscriptions/status`);
    expect((await status()).status).toBe(200);

    databaseUp = false;
    await expect.poll(async () => (await status()).status, { timeout: 3000, interval: 50 }).toBe(503);
    const refused = await status();
    expect(await refused.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(refused.headers.get('retry-after')).toBe('5');
    const health = await fetch(`${gateway.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).services.billing.ready).toBe(false);
    // Other services are unaffected.
    expect((await fetch(`${gateway.url}/api/v1/users/me`)).status).toBe(200);

    databaseUp = true;
    await expect.poll(async () => (await status()).status, { timeout: 3000, interval: 50 }).toBe(200);
    expect((await fetch(`${gateway.url}/api/v1/health`)).status).toBe(200);
  });

  it('is not refused for a single failed check', async () => {
    gateway = await startTestGateway();
    let checks = 0;
    let openAtSecondCheck: boolean | undefined;
    gateway.upstreams.files.handle = (req, res) => {
      if (req.url === '/readyz') checks += 1;
      // A check starts once the one before has been counted: the gate's state after one failure.
      if (req.url === '/readyz' && checks === 2) openAtSecondCheck = gate.isOpen('files');
      res.writeHead(req.url === '/readyz' && checks <= 3 ? 503 : 200).end();
    };
    const upstreams = Object.fromEntries(
      Object.entries(gateway.upstreams).map(([name, upstream]) => [name, upstream.url]),
    ) as Record<ServiceName, string>;
    const gate = startReadinessGate({ upstreams, intervalMs: 600, timeoutMs: 200, logger: silent });
    try {
      await expect.poll(() => checks, { timeout: 3000, interval: 10 }).toBeGreaterThanOrEqual(2);
      expect(openAtSecondCheck).toBe(true);
      await expect.poll(() => gate.isOpen('files'), { timeout: 250, interval: 10 }).toBe(false);
      expect(gate.isOpen('auth')).toBe(true);
    } finally {
      gate.stop();
    }
  });
});
