import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signCall } from '@innerview/kit/trust';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Embedded, startEmbedded } from './embedded.ts';

// Issue 16 / ADR 43 on the whole embedded product: no service believes an identity the gateway (or
// another service) did not sign with the run's key, called on its own port or through the gateway.
const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-trust-'));
// A key being rotated out: still accepted while the new one rolls out.
const previousKey = 'the-key-this-run-is-rotating-out-0123456789';
const victim = '0190f0a0-0000-7000-8000-00000000dead';
let product: Embedded;

/** One call per service that names a person (notifications has only its internal export). */
const routes = {
  auth: '/api/v1/users/me',
  billing: '/api/v1/subscriptions/status',
  chat: '/api/v1/chat-sessions/',
  questionnaire: '/api/v1/questionnaire/me',
  files: '/api/v1/files/',
  notifications: '/internal/export',
} as const;
const services = Object.keys(routes) as Array<keyof typeof routes>;

beforeAll(async () => {
  product = await startEmbedded({
    port: 0,
    dataDir,
    env: { LOG_LEVEL: 'silent', INTERNAL_SIGNING_KEY_PREVIOUS: previousKey },
  });
}, 900_000);

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const call = (service: keyof typeof routes, headers: Record<string, string>) =>
  fetch(`${product.services[service]!.url}${routes[service]}`, { headers });
const keyOf = (service: keyof typeof routes) => product.services[service]!.ctx.calls.keys.current;
// Notifications' route is for services only: sign it as auth asks for an export.
const callerOf = (service: keyof typeof routes) => (service === 'notifications' ? 'auth' : 'gateway');
const signed = (service: keyof typeof routes, key: string, at?: number) =>
  signCall(key, { caller: callerOf(service), method: 'GET', path: routes[service], userId: victim, at });

describe('every service called on its own port', () => {
  it.each(services)('%s refuses an unsigned identity header', async (service) => {
    const response = await call(service, { 'x-innerview-user-id': victim });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNTRUSTED_CALL' });
  });

  it.each(services)('%s refuses an identity signed with a key of its own making', async (service) => {
    const response = await call(service, signed(service, 'a-key-someone-on-this-machine-made-0123456'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      detail: 'The call signature does not match',
      code: 'UNTRUSTED_CALL',
    });
  });

  it.each(services)('%s refuses a statement signed with the right key a minute ago', async (service) => {
    const response = await call(service, signed(service, keyOf(service), Date.now() - 60_000));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      detail: 'The call signature has expired',
      code: 'UNTRUSTED_CALL',
    });
  });

  it.each(services)(
    '%s answers a fresh statement signed with the current or the previous key',
    async (service) => {
      for (const key of [keyOf(service), previousKey]) {
        const response = await call(service, signed(service, key));
        // Past the trust check: the person is unknown or has nothing yet (auth answers an unknown
        // person 401 Authentication required), never "untrusted".
        const body = (await response.json()) as { code?: string };
        const which = `${service} with ${key === previousKey ? 'previous' : 'current'} key`;
        expect(body.code, which).not.toBe('UNTRUSTED_CALL');
        expect(response.status, which).toBeLessThan(500);
      }
    },
  );
});

describe('the same calls through the gateway', () => {
  it.each(services.filter((s) => s !== 'notifications'))(
    "%s never sees a client's identity header or signature",
    async (service) => {
      // Even a statement that would verify on the service's own port is dropped at the edge.
      const response = await fetch(`${product.url}${routes[service]}`, {
        headers: { ...signed(service, keyOf(service)), 'x-innerview-client-ip': '203.0.113.1' },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Authentication required', code: 'UNAUTHORIZED' });
    },
  );

  it('never forwards to the internal routes', async () => {
    const response = await fetch(`${product.url}/internal/export`, {
      headers: signed('notifications', keyOf('auth')),
    });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
