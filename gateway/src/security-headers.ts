import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { RemoteManifests } from './options.ts';

/** The origins of remotes served from elsewhere: the shell must be allowed to load their code. */
export function remoteOrigins(remotes: RemoteManifests): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * helmet's defaults (nosniff, frame-ancestors, referrer policy, CORP …) with a Content-Security-Policy
 * that lets the shell load its federated remotes. Plain-HTTP embedded mode on localhost gets no
 * HSTS and no upgrade-insecure-requests, which would break it.
 */
export function securityHeaders(options: { remotes: RemoteManifests; embedded: boolean }): RequestHandler {
  const origins = remoteOrigins(options.remotes);
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...origins],
        'connect-src': ["'self'", ...origins],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': options.embedded ? null : [],
      },
    },
    strictTransportSecurity: options.embedded ? false : { maxAge: 31_536_000, includeSubDomains: true },
  });
  // JSON under /api keeps the compact set of apiSecurityHeaders; only the docs page is a page there.
  return (req, res, next) => {
    if (req.path.startsWith('/api/') && !req.path.startsWith('/api/docs')) next();
    else pageHeaders(req, res, next);
  };
}

/**
 * The headers of every /api answer, forwarded or the gateway's own: JSON and streams need no script
 * policy, so the set is small and fixed (computed once, set without helmet's per-request work).
 * The gateway's HTML pages (/api/docs) get helmet's full set on top, which replaces these.
 */
export function apiSecurityHeaders(options: { embedded: boolean }): (res: ServerResponse) => void {
  const headers: Array<[string, string]> = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  if (!options.embedded) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
