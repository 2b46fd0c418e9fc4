import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';
import { mergeOpenApi, type ServiceDocument } from '../domain/openapi-merge.ts';
import { type ServiceName, serviceNames } from '../domain/route-table.ts';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Innerview API</title>
    <link rel="stylesheet" href="./swagger-ui.css" />
    <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js"></script>
    <script src="./docs-init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
const docsInit = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
});
`;

/** How long a merged document is reused: long when complete, short when a service was missing. */
const cacheMs = { complete: 60_000, partial: 5_000 };

export function createOpenApiRoutes(upstreams: Record<ServiceName, string>, timeoutMs: number): Router {
  const router = express.Router();
  let cached: { body: object; until: number } | undefined;
  let inFlight: Promise<object> | undefined;

  const build = async (): Promise<object> => {
    const results = await Promise.all(
      serviceNames.map(async (service): Promise<ServiceDocument | ServiceName> => {
        try {
          const res = await fetch(new URL('/openapi.json', upstreams[service]), {
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!res.ok) {
            await res.body?.cancel();
            return service;
          }
          return { service, document: await res.json() };
        } catch {
          return service;
        }
      }),
    );
    const documents = results.filter((r): r is ServiceDocument => typeof r === 'object');
    const missing = results.filter((r): r is ServiceName => typeof r === 'string');
    const body = mergeOpenApi(documents, missing);
    cached = { body, until: Date.now() + (missing.length === 0 ? cacheMs.complete : cacheMs.partial) };
    return body;
  };

  router.get('/api/v1/openapi.json', async (_req, res) => {
    let body = cached && cached.until > Date.now() ? cached.body : undefined;
    if (!body) {
      inFlight ??= build().finally(() => {
        inFlight = undefined;
      });
      body = await inFlight;
    }
    res.setHeader('cache-control', 'no-cache');
    res.json(body);
  });

  // Routing ignores a trailing slash, but the page's relative asset links need it.
  router.get('/api/docs', (req, res) => {
    if (!req.path.endsWith('/')) {
      res.redirect(301, '/api/docs/');
      return;
    }
    res.type('html').setHeader('cache-control', 'no-cache');
    res.send(docsPage);
  });
  router.get('/api/docs/docs-init.js', (_req, res) => {
    res.type('js').setHeader('cache-control', 'no-cache');
    res.send(docsInit);
  });
  router.use('/api/docs', express.static(swaggerUiDir, { index: false, maxAge: '1d' }));
  return router;
}
