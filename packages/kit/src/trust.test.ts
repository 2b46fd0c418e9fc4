import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { createHttpApp } from './http.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { defineRoute } from './route.ts';
import { gatewayHeaders } from './testing/signed-calls.ts';
import { MAX_AGE_MS, signCall, trustKeysFor, verifyCall } from './trust.ts';

const oldKey = 'the-key-being-rotated-out-0123456789abcdef';
const newKey = 'the-key-being-rotated-in-0123456789abcdef';
const userId = '0190f0a0-0000-7000-8000-00000000000a';

describe('signed call statements', () => {
  const call = (headers: Record<string, string>, method = 'GET', path = '/api/v1/users/me') => ({
    method,
    path,
    headers,
  });

  it('verifies what was signed and nothing else', () => {
    const headers = signCall(newKey, { caller: 'gateway', method: 'GET', path: '/api/v1/users/me', userId });
    const ok = verifyCall({ current: newKey }, call(headers));
    expect(ok).toMatchObject({ ok: true, statement: { caller: 'gateway', userId } });
    // Another person, method or path under the same signature.
    const other = { ...headers, 'x-innerview-user-id': '0190f0a0-0000-7000-8000-00000000000b' };
    expect(verifyCall({ current: newKey }, call(other))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyCall({ current: newKey }, call(headers, 'DELETE'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyCall({ current: newKey }, call(headers, 'GET', '/api/v1/users/me/export'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    // An identity added to a call signed for nobody.
    const anonymous = signCall(newKey, { caller: 'gateway', method: 'GET', path: '/api/v1/users/me' });
    expect(verifyCall({ current: newKey }, call({ ...anonymous, 'x-innerview-user-id': userId }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyCall({ current: newKey }, call({ 'x-innerview-user-id': userId }))).toEqual({
      ok: false,
      reason: 'unsigned',
    });
    expect(verifyCall({ current: newKey }, call({ 'x-innerview-signature': 'v1.Mallory!.1.AAAA' }))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    // Any well-formed name may sign: without the key its signature does not match.
    const mallory = `v1.mallory.${Date.now()}.${Buffer.alloc(32).toString('base64url')}`;
    expect(verifyCall({ current: newKey }, call({ 'x-innerview-signature': mallory }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a statement older than the window, or from the future', () => {
    const now = Date.now();
    const stale = signCall(newKey, {
      caller: 'gateway',
      method: 'GET',
      path: '/api/v1/users/me',
      userId,
      at: now - MAX_AGE_MS - 1,
    });
    expect(verifyCall({ current: newKey }, call(stale), now)).toEqual({ ok: false, reason: 'stale' });
    const early = signCall(newKey, {
      caller: 'gateway',
      method: 'GET',
      path: '/api/v1/users/me',
      at: now + 60_000,
    });
    expect(verifyCall({ current: newKey }, call(early), now)).toEqual({ ok: false, reason: 'stale' });
  });

  it('accepts the previous key while a new one rolls out, and nothing once it is gone', () => {
    const byOld = signCall(oldKey, {
      caller: 'chat',
      method: 'POST',
      path: '/internal/extracted-text',
      userId,
    });
    const during = { current: newKey, previous: oldKey };
    expect(verifyCall(during, call(byOld, 'POST', '/internal/extracted-text')).ok).toBe(true);
    const byNew = signCall(newKey, {
      caller: 'chat',
      method: 'POST',
      path: '/internal/extracted-text',
      userId,
    });
    expect(verifyCall(during, call(byNew, 'POST', '/internal/extracted-text')).ok).toBe(true);
    expect(verifyCall({ current: newKey }, call(byOld, 'POST', '/internal/extracted-text'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('requires a configured key with PostgreSQL, and keeps a process key otherwise', () => {
    expect(() => trustKeysFor({ DATABASE_URL: 'postgres://db/x' })).toThrow(ConfigError);
    expect(() => trustKeysFor({ DATABASE_URL: 'postgres://db/x' })).toThrow(/INTERNAL_SIGNING_KEY/);
    expect(trustKeysFor({ INTERNAL_SIGNING_KEY: newKey, INTERNAL_SIGNING_KEY_PREVIOUS: oldKey })).toEqual({
      current: newKey,
      previous: oldKey,
    });
    const a = trustKeysFor({ DATABASE_URL: 'memory://' });
    expect(a.current.length).toBeGreaterThanOrEqual(32);
    expect(trustKeysFor({})).toEqual(a);
  });
});

describe('a service behind the trust check', () => {
  let server: Listening;
  const keys = { current: newKey, previous: oldKey };
  beforeAll(async () => {
    const app = createHttpApp({
      name: 'test',
      logger: createLogger({ name: 'test', level: 'silent' }),
      readiness: {},
      isShuttingDown: () => false,
      trust: keys,
      routes: [
        defineRoute({
          method: 'get',
          path: '/api/v1/whoami',
          summary: 'The caller as the service sees it',
          auth: 'none',
          handler: ({ userId, caller, req }) => ({ userId: userId || null, caller, ip: req.ip }),
        }),
      ],
    });
    server = await listen(app, 0);
  });
  afterAll(() => server.stop());

  const whoami = (headers: Record<string, string>) => fetch(`${server.url}/api/v1/whoami`, { headers });

  it('refuses unsigned calls in the error shape, even to public routes', async () => {
    const response = await whoami({ 'x-innerview-user-id': userId });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      detail: 'This service answers only calls signed by the gateway or another service',
      code: 'UNTRUSTED_CALL',
    });
  });

  it("takes the client's address from the statement, never from X-Forwarded-For", async () => {
    const headers = gatewayHeaders(keys, 'GET', '/api/v1/whoami', { userId, clientIp: '203.0.113.7' });
    const response = await whoami({ ...headers, 'x-forwarded-for': '10.9.9.9' });
    expect(await response.json()).toEqual({ userId, caller: 'gateway', ip: '203.0.113.7' });
    // A changed address breaks the signature.
    const moved = await whoami({ ...headers, 'x-innerview-client-ip': '198.51.100.1' });
    expect(moved.status).toBe(401);
  });

  it('leaves liveness, readiness, metrics and the API description open', async () => {
    for (const path of ['/livez', '/readyz', '/metrics', '/openapi.json'])
      expect((await fetch(`${server.url}${path}`)).status).toBe(200);
  });
});
