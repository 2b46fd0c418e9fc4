import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './http.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { defineRoute } from './route.ts';
import { gatewayHeaders, signedFetch } from './testing/signed-calls.ts';
import { hugeQuery, trickleBody } from './testing/slow-client.ts';

// A service built with the kit, listening as every service does, with a short request time-out.
const keys = { current: 'request-limits-test-signing-key-0123456789' };
let service: Listening;
beforeAll(async () => {
  const app = createHttpApp({
    name: 'chat',
    // Every call but the probes must be signed (ADR 43): the tests sign as the gateway does.
    trust: keys,
    logger: createLogger({ name: 'chat', level: 'silent' }),
    routes: [
      defineRoute({
        method: 'post',
        path: '/api/v1/notes',
        summary: 'Takes a note',
        auth: 'none',
        body: z.object({ note: z.string() }),
        handler: ({ body }) => ({ note: body.note }),
      }),
    ],
    readiness: {},
    isShuttingDown: () => false,
  });
  service = await listen(app, 0, '127.0.0.1', { requestTimeoutMs: 1_500 });
});
afterAll(async () => {
  await service?.stop(100);
});

describe('request limits of every kit service', () => {
  it('answers a trickled body with 408 in the error shape within the configured time', async () => {
    const answer = await trickleBody(service.url, '/api/v1/notes', {
      headers: gatewayHeaders(keys, 'POST', '/api/v1/notes'),
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Request timed out', code: 'REQUEST_TIMEOUT' });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1_400);
    // The time-out plus one check interval (a quarter of it), with room for a loaded machine.
    expect(answer.elapsedMs).toBeLessThan(6_000);
  });

  it('answers a query string over 16 KB with 431 in the error shape', async () => {
    const response = await hugeQuery(service.url, '/api/v1/notes');
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ detail: 'Request headers too large', code: 'HEADERS_TOO_LARGE' });
  });

  it('still answers a normal request', async () => {
    const response = await signedFetch(keys, `${service.url}/api/v1/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'hi' }),
    });
    expect(await response.json()).toEqual({ note: 'hi' });
  });
});
