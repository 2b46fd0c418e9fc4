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
  return helmet({
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
}
