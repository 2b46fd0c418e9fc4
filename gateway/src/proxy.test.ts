import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { signCall, verifyCall } from '@innerview/kit/trust';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deadUrl,
  startTestGateway,
  type TestGateway,
  testSigningKey,
} from './test-support/fake-upstreams.ts';

/** The gateway forwards over the network (undici) or, in the embedded product, hands calls over in-process. */
const paths = ['over the network', 'in-process'] as const;
type ForwardPath = (typeof paths)[number];
const startOn = (
  path: ForwardPath,
  overrides: Parameters<typeof startTestGateway>[0] = {},
  upstreamUrls: Parameters<typeof startTestGateway>[1] = {},
) => startTestGateway(overrides, upstreamUrls, { inProcess: path === 'in-process' });

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

/** Resolves with the first chunk of a streamed body and how the stream went on. */
function firstChunk(url: string, init: { method: string; body?: string }) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    chunk: string;
    rest: Promise<string>;
  }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.setEncoding('utf8');
        res.once('data', (chunk: string) => {
          const rest = new Promise<string>((done, fail) => {
            let text = '';
            res.on('data', (more: string) => {
              text += more;
            });
            res.on('end', () => done(text));
            res.on('error', fail);
          });
          resolve({ status: res.statusCode ?? 0, headers: res.headers, chunk, rest });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A GET with the path sent exactly as given (fetch would resolve dot segments first). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe.each(paths)('proxying %s', (way) => {
  it('forwards each prefix to its service with path, query and method unchanged', async () => {
    gateway = await startOn(way);
    const cases = [
      ['GET', '/api/v1/users/me', 'auth'],
      ['POST', '/api/v1/subscriptions/cancel?reason=too%20expensive', 'billing'],
      ['DELETE', '/api/v1/chat-sessions/abc', 'chat'],
      ['PATCH', '/api/v1/memory/abc', 'chat'],
      ['PUT', '/api/v1/memory/settings', 'chat'],
      ['PUT', '/api/v1/questionnaire/me', 'questionnaire'],
      ['POST', '/api/v1/files/upload', 'files'],
      ['GET', '/api/v1/notifications/preferences', 'notifications'],
    ] as const;
    for (const [method, path, service] of cases) {
      const res = await fetch(`${gateway.url}${path}`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-upstream')).toBe(service);
      expect(await res.json()).toEqual({ service, url: path });
      expect(gateway.upstreams[service].seen.at(-1)?.method).toBe(method);
    }
  });

  it('passes the body through byte for byte, malformed JSON and binary alike', async () => {
    gateway = await startOn(way);
    gateway.upstreams.auth.handle = (_req, res) => {
      res
        .writeHead(422, { 'content-type': 'application/json' })
        .end('{"detail":"Validation error","code":"VALIDATION_ERROR"}');
    };
    const malformed = '{"email": "a@b.c", "password": ';
    const res = await fetch(`${gateway.url}/api/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: malformed,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: 'Validation error', code: 'VALIDATION_ERROR' });
    expect(gateway.upstreams.auth.seen.at(-1)?.body.toString()).toBe(malformed);
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['content-type']).toBe('application/json');

    const binary = randomBytes(256 * 1024);
    await fetch(`${gateway.url}/api/v1/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: binary,
    });
    expect(gateway.upstreams.files.seen.at(-1)?.body.equals(binary)).toBe(true);
  });

  it('passes answers back intact: repeated headers, large bodies, empty bodies', async () => {
    gateway = await startOn(way);
    const large = randomBytes(2 * 1024 * 1024);
    gateway.upstreams.files.handle = (req, res) => {
      if (req.method === 'HEAD' || req.url?.endsWith('/empty')) {
        res.writeHead(204, { 'x-kind': 'empty' }).end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'set-cookie': ['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly'],
      });
      res.end(large);
    };
    const res = await fetch(`${gateway.url}/api/v1/files/download`);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly']);
    expect(Buffer.from(await res.arrayBuffer()).equals(large)).toBe(true);
    const empty = await fetch(`${gateway.url}/api/v1/files/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.headers.get('x-kind')).toBe('empty');
    expect(await empty.text()).toBe('');
    const head = await fetch(`${gateway.url}/api/v1/files/download`, { method: 'HEAD' });
    expect(head.status).toBe(204);
  });

  it('answers a declared body over the limit with 413 in the error shape, without calling the service', async () => {
    gateway = await startOn(way, { maxBodyBytes: 1024 });
    const res = await fetch(`${gateway.url}/api/v1/files/upload`, { method: 'POST', body: 'x'.repeat(2048) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(gateway.upstreams.files.seen).toHaveLength(0);
  });

  it('propagates the request id, or makes one and passes it on', async () => {
    gateway = await startOn(way);
    const given = await fetch(`${gateway.url}/api/v1/users/me`, { headers: { 'x-request-id': 'req-123' } });
    expect(given.headers.get('x-request-id')).toBe('req-123');
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-request-id']).toBe('req-123');

    const made = await fetch(`${gateway.url}/api/v1/users/me`);
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-request-id']).toBe(id);
  });

  it('tells the service where the call came from (x-forwarded-*)', async () => {
    gateway = await startOn(way);
    await fetch(`${gateway.url}/api/v1/users/me`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const seen = gateway.upstreams.auth.seen.at(-1)!;
    // The client's chain with the gateway's peer appended.
    const chain = String(seen.headers['x-forwarded-for']).split(',');
    expect(chain.map((hop) => hop.trim())).toEqual(['203.0.113.7', '127.0.0.1']);
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });

  it('never lets a forged identity header reach a service', async () => {
    gateway = await startOn(way);
    await fetch(`${gateway.url}/api/v1/chat/active-sessions`, {
      headers: { 'x-innerview-user-id': 'someone-else', 'x-innerview-session-id': 'stolen' },
    });
    const seen = gateway.upstreams.chat.seen.at(-1)!;
    expect(seen.headers['x-innerview-user-id']).toBeUndefined();
    expect(seen.headers['x-innerview-session-id']).toBeUndefined();
  });

  it("signs what it forwards, over a client's own signature, identity and address", async () => {
    gateway = await startOn(way, {
      trustProxy: false,
      authenticate: async (req) =>
        req.headers.authorization === 'Bearer good' ? { userId: 'user-1', sessionId: 'session-1' } : null,
    });
    const forgedStatement = signCall('a-key-the-client-made-up-0123456789abcdef', {
      caller: 'gateway',
      method: 'GET',
      path: '/api/v1/users/me?x=1',
      userId: 'someone-else',
    });
    await fetch(`${gateway.url}/api/v1/users/me?x=1`, {
      headers: {
        ...forgedStatement,
        'x-innerview-client-ip': '198.51.100.9',
        'x-forwarded-for': '198.51.100.9',
        authorization: 'Bearer good',
      },
    });
    const seen = gateway.upstreams.auth.seen.at(-1)!;
    const checked = verifyCall(
      { current: testSigningKey },
      { method: 'GET', path: seen.url, headers: seen.headers },
    );
    expect(checked).toMatchObject({
      ok: true,
      // TRUST_PROXY=false: the address is the gateway's peer, whatever X-Forwarded-For says.
      statement: { caller: 'gateway', userId: 'user-1', sessionId: 'session-1', clientIp: '127.0.0.1' },
    });
    expect(seen.headers['x-innerview-signature']).not.toBe(forgedStatement['x-innerview-signature']);
    // Without a token, the statement names nobody.
    await fetch(`${gateway.url}/api/v1/users/me`, { headers: forgedStatement });
    const anonymous = gateway.upstreams.auth.seen.at(-1)!;
    const unnamed = verifyCall(
      { current: testSigningKey },
      { method: 'GET', path: anonymous.url, headers: anonymous.headers },
    );
    expect(unnamed).toMatchObject({ ok: true, statement: { userId: undefined } });
  });

  it('sets the identity the authenticate hook vouches for, and none for a refused token', async () => {
    gateway = await startOn(way, {
      authenticate: async (req) =>
        req.headers.authorization === 'Bearer good' ? { userId: 'user-1', sessionId: 'session-1' } : null,
    });
    const forged = { 'x-innerview-user-id': 'someone-else' };
    await fetch(`${gateway.url}/api/v1/users/me`, { headers: { ...forged, authorization: 'Bearer good' } });
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-innerview-user-id']).toBe('user-1');
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-innerview-session-id']).toBe('session-1');
    expect(gateway.upstreams.auth.seen.at(-1)?.headers.authorization).toBe('Bearer good');

    const refused = await fetch(`${gateway.url}/api/v1/users/me`, {
      headers: { ...forged, authorization: 'Bearer bad' },
    });
    expect(refused.status).toBe(200);
    expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-innerview-user-id']).toBeUndefined();
    expect(gateway.upstreams.auth.seen).toHaveLength(2);
  });

  it('answers 503 without calling the service when the token cannot be checked', async () => {
    gateway = await startOn(way, {
      authenticate: async () => {
        throw new Error('JWKS unreachable');
      },
    });
    const res = await fetch(`${gateway.url}/api/v1/chat/active-sessions`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(gateway.upstreams.chat.seen).toHaveLength(0);
  });

  it('streams server-sent events as they come, past the time-out while data flows', async () => {
    gateway = await startOn(way, { upstreamTimeoutMs: 300 });
    let finish: () => void = () => {};
    const upstreamDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    gateway.upstreams.chat.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: {"session_id":"s","role":"assistant","content":"Hel"}\n\n');
      let sent = 0;
      const timer = setInterval(() => {
        sent += 1;
        if (sent < 6) {
          res.write(`data: {"session_id":"s","role":"assistant","content":"${sent}"}\n\n`);
          return;
        }
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
        finish();
      }, 150);
    };
    const started = Date.now();
    const streamed = await firstChunk(`${gateway.url}/api/v1/chat/stream`, {
      method: 'POST',
      body: '{"message":"hi"}',
    });
    // The first event arrives while the upstream is still writing.
    expect(streamed.chunk).toContain('"content":"Hel"');
    expect(Date.now() - started).toBeLessThan(600);
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream');
    expect(streamed.headers['x-accel-buffering']).toBe('no');
    expect(streamed.headers['content-encoding']).toBeUndefined();
    const rest = await streamed.rest;
    await upstreamDone;
    // 900 ms of streaming went through a 300 ms idle time-out untouched.
    expect(rest.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(rest).toContain('"content":"5"');
  });

  it('stops the upstream stream when the client goes away', async () => {
    gateway = await startOn(way);
    gateway.upstreams.chat.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"content":"first"}\n\n');
      const timer = setInterval(() => res.write('data: {"content":"more"}\n\n'), 50);
      res.on('close', () => clearInterval(timer));
    };
    const controller = new AbortController();
    const res = await fetch(`${gateway.url}/api/v1/chat/stream`, {
      method: 'POST',
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect
      .poll(() => gateway!.upstreams.chat.aborted, { timeout: 2000 })
      .toEqual(['/api/v1/chat/stream']);
  });
});

describe('proxying over the network', () => {
  it('answers 503 in the error shape when a service is down', async () => {
    gateway = await startTestGateway({}, { billing: await deadUrl() });
    const res = await fetch(`${gateway.url}/api/v1/subscriptions/status`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
    // The other services are unaffected.
    expect((await fetch(`${gateway.url}/api/v1/users/me`)).status).toBe(200);
  });

  it('answers 504 in the error shape when a service stays silent past the time-out', async () => {
    gateway = await startTestGateway({ upstreamTimeoutMs: 300 });
    gateway.upstreams.questionnaire.handle = () => {};
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/v1/questionnaire/status`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ detail: 'Upstream timed out', code: 'GATEWAY_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reuses upstream connections (keep-alive)', async () => {
    gateway = await startTestGateway();
    for (let i = 0; i < 10; i++) await (await fetch(`${gateway.url}/api/v1/answers/`)).text();
    const connections = new Set(gateway.upstreams.questionnaire.seen.map((s) => s.connection));
    expect(gateway.upstreams.questionnaire.seen).toHaveLength(10);
    expect(connections.size).toBe(1);
  });
});

describe('gateway edges', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    gateway = await startTestGateway();
    for (const path of [
      '/api/v1/nothing-here',
      '/api/v2/users/me',
      '/api/v1/users/../subscriptions/status',
    ]) {
      const res = await rawGet(gateway.url, path);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
    }
    expect(Object.values(gateway.upstreams).every((u) => u.seen.length === 0)).toBe(true);
  });

  it('answers bad input at its own routes with a 4xx in the error shape, never a 500', async () => {
    gateway = await startTestGateway();
    const cases: Array<[string, RequestInit]> = [
      ['/api/v1/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' }],
      ['/api/v1/openapi.json', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['/api/v1/%E0%A4%A', { method: 'GET' }],
      ['/api', { method: 'DELETE' }],
    ];
    for (const [path, init] of cases) {
      const res = await fetch(`${gateway.url}${path}`, init);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
    }
    const raw = await rawGet(gateway.url, '/api/v1/%ZZ');
    expect(raw.status).toBe(404);
    expect(JSON.parse(raw.body).code).toBe('NOT_FOUND');
  });

  it('replaces a request id that is too long or has odd characters', async () => {
    gateway = await startTestGateway();
    for (const id of ['x'.repeat(500), 'a b', '<script>']) {
      const res = await fetch(`${gateway.url}/api/v1/users/me`, { headers: { 'x-request-id': id } });
      const used = res.headers.get('x-request-id');
      expect(used).toMatch(/^[0-9a-f-]{36}$/);
      expect(gateway.upstreams.auth.seen.at(-1)?.headers['x-request-id']).toBe(used);
    }
  });

  it('sets security headers on API answers and hides the framework', async () => {
    gateway = await startTestGateway({ embedded: false });
    for (const path of ['/api/v1/users/me', '/api/v1/nothing-here']) {
      const res = await fetch(`${gateway.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('lets pages load scripts only from the gateway and the remotes deployed elsewhere', async () => {
    gateway = await startTestGateway({
      embedded: false,
      remotes: { chat: 'https://cdn.example.com/chat/mf-manifest.json' },
    });
    const res = await fetch(`${gateway.url}/api/docs/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps plain-HTTP embedded mode working: no HSTS, no upgrade of requests', async () => {
    gateway = await startTestGateway({ embedded: true });
    const page = await fetch(`${gateway.url}/config.json`);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(
      (await fetch(`${gateway.url}/api/v1/users/me`)).headers.get('strict-transport-security'),
    ).toBeNull();
  });

  it('answers 429 in the error shape with Retry-After once a client passes the limit', async () => {
    gateway = await startTestGateway({ rateLimitPerMinute: 3 });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${gateway.url}/api/v1/users/me`, from('203.0.113.7'))).status).toBe(200);
    const limited = await fetch(`${gateway.url}/api/v1/users/me`, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      detail: 'Rate limit exceeded',
      code: 'SUBSCRIPTION_LIMIT_REACHED',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(gateway.upstreams.auth.seen).toHaveLength(3);
    // Another client still gets through.
    expect((await fetch(`${gateway.url}/api/v1/users/me`, from('203.0.113.8'))).status).toBe(200);
  });

  it('serves its own liveness and readiness, and metrics only on the metrics port', async () => {
    gateway = await startTestGateway();
    await fetch(`${gateway.url}/api/v1/users/me`);
    expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(gateway.metricsUrl)).text();
    expect(metrics).toContain('gateway_upstream_requests_total{upstream="auth",status="200"} 1');
    // The public port does not tell the internet its traffic figures (issue 18).
    const publicMetrics = await fetch(`${gateway.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('gateway_upstream_requests_total');
  });

  it('asks for the bearer token on the metrics port when one is configured', async () => {
    const token = 'a-metrics-token-of-at-least-32-characters';
    gateway = await startTestGateway({ metricsToken: token });
    expect((await fetch(gateway.metricsUrl)).status).toBe(401);
    expect((await fetch(gateway.metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const ok = await fetch(gateway.metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('process_cpu_user_seconds_total');
  });
});
