import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './http.ts';
import { defineRoute } from './index.ts';
import { fetchInternalExport, internalExportRoute } from './internal.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { gatewayHeaders } from './testing/signed-calls.ts';
import { callSigner } from './trust.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
const keys = { current: 'a-shared-signing-key-of-enough-length-0123456789' };
const userId = '0190f0a0-0000-7000-8000-000000000001';
const auth = callSigner('auth', keys);

let exporting: Listening;
let broken: Listening;
let slow: Listening;
/** Lets the slow route answer (at the end of the suite). */
let answerLate: () => void = () => {};
let empty: Listening;

function serve(routes: Parameters<typeof createHttpApp>[0]['routes']) {
  return listen(
    createHttpApp({ name: 'auth', logger, routes, isShuttingDown: () => false, readiness: {}, trust: keys }),
    0,
  );
}

beforeAll(async () => {
  exporting = await serve([
    internalExportRoute({
      summary: 'test data',
      exportUser: async (id) => ({ items: id === userId ? ['one'] : [] }),
    }),
  ]);
  broken = await serve([
    defineRoute({
      method: 'get',
      path: '/internal/export',
      summary: 'fails',
      auth: 'none',
      handler: () => {
        throw new Error('boom');
      },
    }),
  ]);
  slow = await serve([
    defineRoute({
      method: 'get',
      path: '/internal/export',
      summary: 'never answers in time',
      auth: 'none',
      // Answers only when the suite ends, long after any caller gave up.
      handler: () =>
        new Promise((resolve) => {
          answerLate = () => resolve({ late: true });
        }),
    }),
  ]);
  empty = await serve([]);
});

afterAll(async () => {
  answerLate();
  for (const server of [exporting, broken, slow, empty]) await server?.stop(100);
});

describe('the internal export route', () => {
  const get = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/internal/export`, { headers });

  it("answers the person's data only to a call another service signed for that person", async () => {
    const ok = await get(exporting.url, auth.headers('GET', '/internal/export', { userId }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toEqual({ items: ['one'] });

    // Unsigned, with the identity header alone: refused before the route.
    const unsigned = await get(exporting.url, { 'x-innerview-user-id': userId });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).code).toBe('UNTRUSTED_CALL');
    // Signed with another key.
    const forged = callSigner('auth', { current: `${keys.current}-other` });
    expect((await get(exporting.url, forged.headers('GET', '/internal/export', { userId }))).status).toBe(
      401,
    );
    // Signed by the gateway (a browser's call): not an internal caller.
    const browser = await get(exporting.url, gatewayHeaders(keys, 'GET', '/internal/export', { userId }));
    expect(browser.status).toBe(403);
    expect((await browser.json()).code).toBe('INTERNAL_CALL_ONLY');
    // Signed, but for nobody.
    expect((await get(exporting.url, auth.headers('GET', '/internal/export'))).status).toBe(401);
  });
});

describe('fetchInternalExport', () => {
  it('includes the data of a service that answers', async () => {
    expect(await fetchInternalExport({ baseUrl: exporting.url, calls: auth, userId })).toEqual({
      status: 'included',
      data: { items: ['one'] },
    });
  });

  it('marks a service unavailable, and says why, instead of failing the export', async () => {
    const of = (baseUrl: string | undefined, options: { key?: string; timeoutMs?: number } = {}) =>
      fetchInternalExport({
        baseUrl,
        calls: options.key ? callSigner('auth', { current: options.key }) : auth,
        userId,
        timeoutMs: options.timeoutMs,
      });
    expect(await of(undefined)).toEqual({ status: 'unavailable', reason: 'not_configured' });
    expect(await of('http://127.0.0.1:9')).toEqual({ status: 'unavailable', reason: 'no_answer' });
    expect(await of(broken.url)).toEqual({ status: 'unavailable', reason: 'failed' });
    expect(await of(slow.url, { timeoutMs: 200 })).toEqual({ status: 'unavailable', reason: 'no_answer' });
    expect(await of(exporting.url, { key: `${keys.current}-wrong` })).toEqual({
      status: 'unavailable',
      reason: 'failed',
    });
    // A service that has no export call yet (404).
    expect(await of(empty.url)).toEqual({ status: 'unavailable', reason: 'not_supported' });
  });
});
