import { afterEach, describe, expect, it } from 'vitest';
import { serviceNames } from '../domain/route-table.ts';
import { startTestGateway, type TestGateway } from '../test-support/fake-upstreams.ts';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

const prefixes = {
  auth: '/api/v1/users/me',
  billing: '/api/v1/subscriptions/status',
  chat: '/api/v1/chat-sessions/{id}',
  questionnaire: '/api/v1/answers/',
  files: '/api/v1/files/upload',
  notifications: '/api/v1/notifications/preferences',
};

describe('merged OpenAPI and docs', () => {
  it('serves one document holding every service path', async () => {
    gateway = await startTestGateway();
    for (const service of serviceNames) {
      gateway.upstreams[service].handle = (req, res) => {
        if (req.url !== '/openapi.json') return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            openapi: '3.1.0',
            info: { title: service, version: '1' },
            paths: { [prefixes[service]]: { get: { summary: `${service} call`, responses: {} } } },
            components: { schemas: { ErrorBody: { type: 'object' } } },
          }),
        );
      };
    }
    const res = await fetch(`${gateway.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Innerview API');
    expect(Object.keys(doc.paths).sort()).toEqual(Object.values(prefixes).sort());
    expect(doc.components.schemas).toEqual({ ErrorBody: { type: 'object' } });
    expect(doc['x-innerview-missing']).toBeUndefined();
  });

  it('still answers when a service cannot give its document, naming it', async () => {
    gateway = await startTestGateway();
    gateway.upstreams.billing.handle = (_req, res) => {
      res.writeHead(500).end();
    };
    const doc = await (await fetch(`${gateway.url}/api/v1/openapi.json`)).json();
    expect(doc['x-innerview-missing']).toContain('billing');
  });

  it('serves the interactive docs page and its assets', async () => {
    gateway = await startTestGateway();
    const redirect = await fetch(`${gateway.url}/api/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/docs/');
    const page = await fetch(`${gateway.url}/api/docs/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    const init = await (await fetch(`${gateway.url}/api/docs/docs-init.js`)).text();
    expect(init).toContain("url: '/api/v1/openapi.json'");
    const bundle = await fetch(`${gateway.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
  });
});
