import { afterEach, describe, expect, it } from 'vitest';
import { deadUrl, startTestGateway, type TestGateway } from '../test-support/fake-upstreams.ts';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

describe('GET /api/v1/health', () => {
  it('is 200 with every service ready', async () => {
    gateway = await startTestGateway();
    const res = await fetch(`${gateway.url}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.services)).toEqual([
      'auth',
      'billing',
      'chat',
      'questionnaire',
      'files',
      'notifications',
    ]);
    for (const health of Object.values(body.services) as Array<{ ready: boolean; latencyMs: number }>) {
      expect(health.ready).toBe(true);
      expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(gateway.upstreams.chat.seen.map((s) => s.url)).toEqual(['/readyz']);
  });

  it('is 503 and names the service that is not ready, down or too slow', async () => {
    gateway = await startTestGateway({ healthTimeoutMs: 300 }, { files: await deadUrl() });
    gateway.upstreams.auth.handle = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"not_ready"}');
    };
    gateway.upstreams.billing.handle = () => {};
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/v1/health`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe('degraded');
    expect(body.services.auth).toMatchObject({ ready: false, status: 503 });
    expect(body.services.billing).toMatchObject({ ready: false, error: 'timeout' });
    expect(body.services.files).toMatchObject({ ready: false, error: 'unreachable' });
    expect(body.services.chat).toMatchObject({ ready: true, status: 200 });
  });

  it('turns ready again once the service is back', async () => {
    gateway = await startTestGateway();
    let down = true;
    gateway.upstreams.notifications.handle = (_req, res) => {
      res.writeHead(down ? 503 : 200).end();
    };
    expect((await fetch(`${gateway.url}/api/v1/health`)).status).toBe(503);
    down = false;
    expect((await fetch(`${gateway.url}/api/v1/health`)).status).toBe(200);
  });
});
