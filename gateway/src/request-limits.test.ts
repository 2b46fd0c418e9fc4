import { hugeQuery, trickleBody } from '@innerview/kit/testing/slow-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv } from './config.ts';
import { startTestGateway, type TestGateway } from './test-support/fake-upstreams.ts';

// The gateway's own port, with the request time-out read from its environment as main.ts does.
let gateway: TestGateway;
beforeAll(async () => {
  const url = 'http://127.0.0.1:9';
  const settings = gatewaySettingsFromEnv({
    AUTH_URL: url,
    BILLING_URL: url,
    CHAT_URL: url,
    QUESTIONNAIRE_URL: url,
    FILES_URL: url,
    NOTIFICATIONS_URL: url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    INTERNAL_SIGNING_KEY: 'request-limits-test-signing-key-0123456789',
    HTTP_REQUEST_TIMEOUT_MS: '1500',
  });
  gateway = await startTestGateway({}, {}, { requestTimeoutMs: settings.requestTimeoutMs });
});
afterAll(async () => {
  await gateway?.stop();
});

describe("request limits on the gateway's public port", () => {
  it('answers a trickled body with 408 in the error shape within HTTP_REQUEST_TIMEOUT_MS', async () => {
    const answer = await trickleBody(gateway.url, '/api/v1/answers/');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Request timed out', code: 'REQUEST_TIMEOUT' });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1_400);
    expect(answer.elapsedMs).toBeLessThan(6_000);
  });

  it('answers a query string over 16 KB with 431 in the error shape', async () => {
    const response = await hugeQuery(gateway.url, '/api/v1/answers/');
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ detail: 'Request headers too large', code: 'HEADERS_TOO_LARGE' });
  });
});
