import { existsSync } from 'node:fs';
import path from 'node:path';
import { sendError } from '@innerview/kit/errors';
import express, { type RequestHandler, type Response, type Router } from 'express';
import type { FrontendDirs, RemoteManifests } from '../options.ts';

export interface FrontendRoutesOptions {
  frontends?: FrontendDirs;
  remotes: RemoteManifests;
  mode: 'embedded' | 'distributed';
}

// A content hash in the name (main.3f9a1c2b.js, 412.a1b2c3d4e5.css) makes a file safe to keep for a year.
const contentHashed = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const noCache = /\.(html|json)$|^remoteEntry\.js$/;

/** index.html, config.json, mf-manifest.json and remoteEntry.js are revalidated; hashed assets kept. */
function setCacheHeaders(res: Response, filePath: string): void {
  const name = path.basename(filePath);
  const immutable = contentHashed.test(name) && !noCache.test(name);
  res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const staticOptions = { index: false, cacheControl: false, setHeaders: setCacheHeaders } as const;

// Paths that are never the SPA: the API, the remotes' own files, and the embedded dev tools.
const notSpa = /^\/(api|remotes|dev)(\/|$)/;

const notBuiltPage = (dir: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Innerview is not built yet</title></head>
  <body>
    <h1>The Innerview front end has not been built</h1>
    <p>No built shell was found in <code>${escapeHtml(dir)}</code>. Run <code>npm run build</code>, then reload.</p>
  </body>
</html>
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Answers for a remote's folder: 503 while it is not built, else 404 for a missing file. */
function remoteFallback(remote: string, dir: string): RequestHandler {
  return (_req, res) => {
    if (!existsSync(dir)) {
      sendError(
        res,
        503,
        `The ${remote} front end is not built (${path.basename(path.dirname(dir))}/dist is missing)`,
      );
      return;
    }
    sendError(res, 404);
  };
}

/** `/config.json`, and in embedded mode the shell at `/` and the remotes under `/remotes/`. */
export function createFrontendRoutes(options: FrontendRoutesOptions): Router {
  const router = express.Router();
  const runtimeConfig = { apiBase: '/api/v1', remotes: options.remotes, mode: options.mode };
  router.get('/config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.json(runtimeConfig);
  });
  const dirs = options.frontends;
  if (!dirs) return router;

  router.use(
    '/remotes/chat',
    express.static(dirs.chatDir, staticOptions),
    remoteFallback('chat', dirs.chatDir),
  );
  router.use(
    '/remotes/account',
    express.static(dirs.accountDir, staticOptions),
    remoteFallback('account', dirs.accountDir),
  );
  router.use(express.static(dirs.shellDir, staticOptions));

  const indexFile = path.join(dirs.shellDir, 'index.html');
  router.use((req, res, next) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !notSpa.test(req.path) &&
      String(req.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      next();
      return;
    }
    if (!existsSync(indexFile)) {
      res.status(503).type('html').setHeader('cache-control', 'no-store');
      res.send(notBuiltPage(dirs.shellDir));
      return;
    }
    res.sendFile(indexFile, { cacheControl: false, headers: { 'cache-control': 'no-cache' } });
  });
  return router;
}
