import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './http.ts';
import { defineRoute } from './index.ts';
import {
  fetchInternalExport,
  INTERNAL_TOKEN_HEADER,
  internalExportRoute,
  internalTokenFor,
  internalTokenMatches,
} from './internal.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { USER_ID_HEADER } from './route.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
const token = 'a-shared-internal-token-of-enough-length-0123456789';
const userId = '0190f0a0-0000-7000-8000-000000000001';

let exporting: Listening;
let broken: Listening;
let slow: Listening;
let disabled: Listening;
let empty: Listening;

function serve(routes: Parameters<typeof createHttpApp>[0]['routes']) {
  return listen(
    createHttpApp({ name: 'auth', logger, routes, isShuttingDown: () => false, readiness: {} }),
    0,
  );
}

beforeAll(async () => {
  exporting = await serve([
    internalExportRoute({
      token,
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
      handler: () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2000)),
    }),
  ]);
  disabled = await serve([
    internalExportRoute({ token: undefined, summary: 'x', exportUser: async () => ({}) }),
  ]);
  empty = await serve([]);
});

afterAll(async () => {
  for (const server of [exporting, broken, slow, disabled, empty]) await server?.stop(100);
});

describe('the internal export route', () => {
  const get = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/internal/export`, { headers });

  it("answers the person's data only with the shared token and a user id", async () => {
    const ok = await get(exporting.url, { [INTERNAL_TOKEN_HEADER]: token, [USER_ID_HEADER]: userId });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toEqual({ items: ['one'] });

    expect((await get(exporting.url, { [USER_ID_HEADER]: userId })).status).toBe(401);
    const wrong = await get(exporting.url, {
      [INTERNAL_TOKEN_HEADER]: `${token}x`,
      [USER_ID_HEADER]: userId,
    });
    expect(wrong.status).toBe(401);
    const noUser = await get(exporting.url, { [INTERNAL_TOKEN_HEADER]: token, [USER_ID_HEADER]: 'me' });
    expect(noUser.status).toBe(422);
  });

  it('answers 503 in a service that has no token configured, whatever is presented', async () => {
    const response = await get(disabled.url, { [INTERNAL_TOKEN_HEADER]: token, [USER_ID_HEADER]: userId });
    expect(response.status).toBe(503);
    expect((await response.json()).code).toBe('INTERNAL_CALLS_DISABLED');
  });
});

describe('fetchInternalExport', () => {
  it('includes the data of a service that answers', async () => {
    expect(await fetchInternalExport({ baseUrl: exporting.url, token, userId })).toEqual({
      status: 'included',
      data: { items: ['one'] },
    });
  });

  it('marks a service unavailable, and says why, instead of failing the export', async () => {
    const of = (baseUrl: string | undefined, options: { token?: string; timeoutMs?: number } = {}) =>
      fetchInternalExport({ baseUrl, token: options.token ?? token, userId, timeoutMs: options.timeoutMs });
    expect(await of(undefined)).toEqual({ status: 'unavailable', reason: 'not_configured' });
    expect(await of('http://127.0.0.1:9')).toEqual({ status: 'unavailable', reason: 'no_answer' });
    expect(await of(broken.url)).toEqual({ status: 'unavailable', reason: 'failed' });
    expect(await of(slow.url, { timeoutMs: 200 })).toEqual({ status: 'unavailable', reason: 'no_answer' });
    expect(await of(exporting.url, { token: `${token}-wrong` })).toEqual({
      status: 'unavailable',
      reason: 'failed',
    });
    // A service that has no export call yet (404).
    expect(await of(empty.url)).toEqual({ status: 'unavailable', reason: 'not_supported' });
  });
});

describe('internalTokenFor', () => {
  it('takes INTERNAL_TOKEN when set', () => {
    expect(internalTokenFor({ INTERNAL_TOKEN: token, DATA_DIR: '/nowhere' })).toBe(token);
  });

  it('has none on PostgreSQL without INTERNAL_TOKEN, so replicas never hold differing secrets', () => {
    expect(internalTokenFor({ DATABASE_URL: 'postgres://db/x', DATA_DIR: '/nowhere' })).toBeUndefined();
  });

  it('shares one generated token file between the services of an embedded run', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-internal-'));
    const first = internalTokenFor({ DATA_DIR: dataDir });
    const second = internalTokenFor({ DATABASE_URL: '', DATA_DIR: dataDir });
    expect(first).toBe(second);
    expect(first?.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dataDir, 'shared', 'internal-token')).mode & 0o777).toBe(0o600);
  });

  it('compares tokens in constant time and refuses a missing one', () => {
    expect(internalTokenMatches(token, token)).toBe(true);
    expect(internalTokenMatches(undefined, token)).toBe(false);
    expect(internalTokenMatches('short', token)).toBe(false);
  });
});
