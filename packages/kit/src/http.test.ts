import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { createHttpApp } from './http.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { defineRoute, USER_ID_HEADER } from './route.ts';
import { signedFetch } from './testing/signed-calls.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
// Calls are signed as the gateway signs them (ADR 43); trust.test.ts covers the refusals.
const keys = { current: 'http-test-signing-key-0123456789-abcdef' };
let ready = true;
let busHangs = false;
let busUp = true;
let shuttingDown = false;
const routes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/echo',
    summary: 'Echo a greeting',
    auth: 'none',
    body: z.object({ name: z.string().min(2), age: z.number().int().optional() }),
    handler: ({ body }) => ({ hello: body.name }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/items/:id',
    summary: 'One item of the caller',
    params: z.object({ id: z.string().uuid() }),
    handler: ({ params, userId }) => ({ id: params.id, owner: userId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/login/access-token',
    summary: 'Form login',
    auth: 'none',
    bodyType: 'form',
    body: z.object({ username: z.string(), password: z.string(), grant_type: z.string(), scope: z.string() }),
    handler: ({ body }) => ({ user: body.username }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/boom',
    summary: 'Fails',
    auth: 'none',
    handler: () => {
      throw new Error('database password is hunter2 at /srv/app.ts:12');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/db-gone',
    summary: 'Fails as a query does when the database refuses connections',
    auth: 'none',
    handler: () => {
      // The shape drizzle gives a node-postgres failure: its own error, the socket error as cause.
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      throw new Error('Failed query: select 1', { cause: refused });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/locked',
    summary: 'Fails with a known error',
    auth: 'none',
    handler: () => {
      throw new HttpError(403, 'Account locked', 'FORBIDDEN', { locked_until: '2026-01-01T00:15:00Z' });
    },
  }),
];

let server: Listening;
beforeAll(async () => {
  const app = createHttpApp({
    name: 'test',
    logger,
    routes,
    readiness: {
      database: async () => {
        if (!ready) throw new Error('connection refused');
      },
    },
    optionalReadiness: {
      bus: async () => {
        if (busHangs) await new Promise(() => {});
        if (!busUp) throw new Error('redis is reconnecting');
      },
    },
    isShuttingDown: () => shuttingDown,
    trust: keys,
  });
  server = await listen(app, 0);
});
afterAll(() => server.stop());

const post = (path: string, body: string, type = 'application/json') =>
  signedFetch(keys, `${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

describe('service HTTP app', () => {
  it('answers a valid request', async () => {
    const res = await post('/api/v1/echo', JSON.stringify({ name: 'Ada' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: 'Ada' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the request id it was given', async () => {
    const res = await fetch(`${server.url}/livez`, { headers: { 'x-request-id': 'gw-123' } });
    expect(res.headers.get('x-request-id')).toBe('gw-123');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await post('/api/v1/echo', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Malformed JSON body', code: 'VALIDATION_ERROR' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await post('/api/v1/echo', 'name=Ada', 'text/plain');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await post('/api/v1/echo', JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers invalid and unknown fields with 422 and the field list', async () => {
    const res = await post('/api/v1/echo', JSON.stringify({ name: 'A', colour: 'red' }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    const locs = body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toContain('body.name');
    expect(body.detail.some((d: { type: string }) => d.type === 'unrecognized_keys')).toBe(true);
  });

  it('parses the OAuth2 password form', async () => {
    const form = new URLSearchParams({
      username: 'a@b.ch',
      password: 'x',
      grant_type: 'password',
      scope: '',
    });
    const res = await post(
      '/api/v1/login/access-token',
      form.toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: 'a@b.ch' });
  });

  it('requires the verified user header on user routes', async () => {
    const id = '0190a8f0-0000-7000-8000-000000000001';
    const anonymous = await signedFetch(keys, `${server.url}/api/v1/items/${id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Authentication required', code: 'UNAUTHORIZED' });
    const signedIn = await signedFetch(keys, `${server.url}/api/v1/items/${id}`, {
      headers: { [USER_ID_HEADER]: 'user-1' },
    });
    expect(await signedIn.json()).toEqual({ id, owner: 'user-1' });
  });

  it('answers a bad path parameter with 422', async () => {
    const res = await signedFetch(keys, `${server.url}/api/v1/items/not-a-uuid`, {
      headers: { [USER_ID_HEADER]: 'u' },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0].loc).toEqual(['path', 'id']);
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await signedFetch(keys, `${server.url}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
  });

  it('never lets an internal error message or stack reach the client', async () => {
    const res = await signedFetch(keys, `${server.url}/api/v1/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Internal server error', code: 'SERVER_ERROR' });
    expect(text).not.toContain('hunter2');
  });

  it('answers 503 with Retry-After, not 500, when a dependency cannot be reached', async () => {
    const res = await signedFetch(keys, `${server.url}/api/v1/db-gone`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
  });

  it('carries extra fields of a known error', async () => {
    const res = await signedFetch(keys, `${server.url}/api/v1/locked`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: 'Account locked',
      code: 'FORBIDDEN',
      locked_until: '2026-01-01T00:15:00Z',
    });
  });

  it('reports liveness, readiness and its failures', async () => {
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect((await notReady.json()).checks.database).toEqual({ ok: false, error: 'connection refused' });
    ready = true;
    shuttingDown = true;
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    shuttingDown = false;
  });

  it('stays ready without an optional dependency, and shows it as down', async () => {
    busUp = false;
    const res = await fetch(`${server.url}/readyz`);
    busUp = true;
    expect(res.status).toBe(200);
    expect((await res.json()).checks).toEqual({
      database: { ok: true },
      bus: { ok: false, error: 'redis is reconnecting', optional: true },
    });
  });

  it('answers readiness within a second when an optional dependency hangs instead of refusing', async () => {
    busHangs = true;
    const started = Date.now();
    const res = await fetch(`${server.url}/readyz`);
    busHangs = false;
    // The gateway's readiness gate gives /readyz 2 s; a late answer would close its gate.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(200);
    expect((await res.json()).checks.bus).toEqual({
      ok: false,
      error: 'timed out after 500 ms',
      optional: true,
    });
  });

  it('exposes Prometheus metrics by route pattern, never by raw URL', async () => {
    await signedFetch(keys, `${server.url}/api/v1/items/0190a8f0-0000-7000-8000-000000000002`, {
      headers: { [USER_ID_HEADER]: 'u' },
    });
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('http_requests_total');
    expect(text).toContain('route="/api/v1/items/:id"');
    expect(text).not.toContain('0190a8f0-0000-7000-8000-000000000002');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('serves its OpenAPI document generated from the route schemas', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/echo', '/api/v1/items/{id}', '/api/v1/login/access-token']),
    );
    const echo = doc.paths['/api/v1/echo'].post.requestBody.content['application/json'].schema;
    expect(echo.required).toContain('name');
    expect(doc.paths['/api/v1/login/access-token'].post.requestBody.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
  });
});
