import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrontendDirs } from '../options.ts';
import { startTestGateway, type TestGateway } from '../test-support/fake-upstreams.ts';

let gateway: TestGateway | undefined;
let root: string;
let dirs: FrontendDirs;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'gateway-frontends-'));
  dirs = {
    shellDir: path.join(root, 'shell', 'dist'),
    chatDir: path.join(root, 'chat', 'dist'),
    accountDir: path.join(root, 'account', 'dist'),
  };
});
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
  rmSync(root, { recursive: true, force: true });
});

function build(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** A GET with the `Host` header a rebinding page would send (fetch does not let a test choose it). */
function getWithHost(base: string, route: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${route}`, { headers: { ...html, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/config.json', () => {
  it('tells the shell where the API and the remotes are, and the mode', async () => {
    gateway = await startTestGateway();
    const res = await fetch(`${gateway.url}/config.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      apiBase: '/api/v1',
      remotes: { chat: '/remotes/chat/mf-manifest.json', account: '/remotes/account/mf-manifest.json' },
      mode: 'embedded',
    });
  });

  it('publishes remotes deployed elsewhere in distributed mode', async () => {
    gateway = await startTestGateway({
      embedded: false,
      remotes: { chat: 'https://chat.example.com/mf-manifest.json' },
    });
    expect(await (await fetch(`${gateway.url}/config.json`)).json()).toEqual({
      apiBase: '/api/v1',
      remotes: {
        chat: 'https://chat.example.com/mf-manifest.json',
        account: '/remotes/account/mf-manifest.json',
      },
      mode: 'distributed',
    });
  });
});

describe('embedded front ends', () => {
  beforeEach(() => {
    build(dirs.shellDir, {
      'index.html': '<!doctype html><title>shell</title>',
      'main.3f9a1c2b.js': 'console.log("shell")',
      'favicon.ico': 'icon',
    });
    build(dirs.chatDir, {
      'mf-manifest.json': '{"name":"chat"}',
      'remoteEntry.js': '//',
      '412.a1b2c3d4e5.js': '//',
    });
    build(dirs.accountDir, { 'mf-manifest.json': '{"name":"account"}' });
  });

  it('serves the shell, its hashed assets long-cached and index.html revalidated', async () => {
    gateway = await startTestGateway({ frontends: dirs });
    const index = await fetch(`${gateway.url}/`, { headers: html });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>shell</title>');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${gateway.url}/main.3f9a1c2b.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${gateway.url}/favicon.ico`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for page routes, never for the API, remotes or assets', async () => {
    gateway = await startTestGateway({ frontends: dirs });
    for (const route of ['/chat', '/settings/profile', '/login?next=%2Fchat']) {
      const res = await fetch(`${gateway.url}${route}`, { headers: html });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>shell</title>');
    }
    const api = await fetch(`${gateway.url}/api/v1/unknown`, { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
    expect((await fetch(`${gateway.url}/remotes/chat/missing.js`, { headers: html })).status).toBe(404);
    expect((await fetch(`${gateway.url}/dev/mail`, { headers: html })).status).toBe(404);
    expect((await fetch(`${gateway.url}/missing.js`, { headers: { accept: '*/*' } })).status).toBe(404);
    expect((await fetch(`${gateway.url}/chat`, { method: 'POST', headers: html })).status).toBe(404);
  });

  it('serves each remote from its own folder, manifests and remoteEntry.js revalidated', async () => {
    gateway = await startTestGateway({ frontends: dirs });
    const manifest = await fetch(`${gateway.url}/remotes/chat/mf-manifest.json`);
    expect(await manifest.json()).toEqual({ name: 'chat' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${gateway.url}/remotes/chat/remoteEntry.js`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await fetch(`${gateway.url}/remotes/chat/412.a1b2c3d4e5.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await (await fetch(`${gateway.url}/remotes/account/mf-manifest.json`)).json()).toEqual({
      name: 'account',
    });
  });

  it('mounts the dev routes under /dev in embedded mode', async () => {
    gateway = await startTestGateway({
      frontends: dirs,
      devRoutes: (_req, res) => {
        res.type('html').send('mailbox');
      },
    });
    expect(await (await fetch(`${gateway.url}/dev/mail`, { headers: html })).text()).toBe('mailbox');
  });

  it('answers the dev mailbox only when the Host is a loopback name (no DNS rebinding)', async () => {
    gateway = await startTestGateway({
      frontends: dirs,
      devRoutes: (_req, res) => {
        res.type('html').send('mailbox');
      },
    });
    const port = new URL(gateway.url).port;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'LOCALHOST',
      '127.0.0.1',
    ]) {
      const answer = await getWithHost(gateway.url, '/dev/mail', host);
      expect(answer, host).toEqual({ status: 200, body: 'mailbox' });
    }
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `0.0.0.0:${port}`,
    ]) {
      const answer = await getWithHost(gateway.url, '/dev/mail', host);
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body), host).toEqual({
        detail: 'The dev mailbox answers only at localhost, 127.0.0.1 or [::1].',
        code: 'FORBIDDEN',
      });
    }
  });
});

describe('front ends not built', () => {
  it('says so with a 503 page instead of crashing', async () => {
    gateway = await startTestGateway({ frontends: dirs });
    const page = await fetch(`${gateway.url}/chat`, { headers: html });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('npm run build');
    const remote = await fetch(`${gateway.url}/remotes/account/mf-manifest.json`);
    expect(remote.status).toBe(503);
    expect(await remote.json()).toEqual({
      detail: 'The account front end is not built (account/dist is missing)',
      code: 'SERVICE_UNAVAILABLE',
    });
    // The API is unaffected.
    expect((await fetch(`${gateway.url}/api/v1/users/me`)).status).toBe(200);
  });

  it('serves a front end built after the gateway started', async () => {
    gateway = await startTestGateway({ frontends: dirs });
    expect((await fetch(`${gateway.url}/`, { headers: html })).status).toBe(503);
    build(dirs.shellDir, { 'index.html': '<title>late</title>' });
    expect(await (await fetch(`${gateway.url}/`, { headers: html })).text()).toContain('late');
  });
});
