// Which request the service worker answers how (ADR 54). Pure, so the rules are tested without a
// worker; service-worker.ts wires them to Workbox.

/** Caches this worker owns start with this; anything else under the origin is left alone. */
export const CACHE_PREFIX = 'innerview-';
/** The runtime configuration (/config.json): not personal, needed to find the remotes offline. */
export const CONFIG_CACHE = `${CACHE_PREFIX}config`;
const REMOTES_CACHE_PREFIX = `${CACHE_PREFIX}remotes-`;

/**
 * The remotes' files are kept per shell release: a shell only ever reads remote files that were
 * fetched while it was the running release, and a new release starts with none of the old ones.
 */
export function remotesCacheName(release: string): string {
  return `${REMOTES_CACHE_PREFIX}${release}`;
}

/** The remotes caches of other releases, to delete when this release takes over. */
export function outdatedRemotesCaches(cacheNames: string[], release: string): string[] {
  return cacheNames.filter(
    (name) => name.startsWith(REMOTES_CACHE_PREFIX) && name !== remotesCacheName(release),
  );
}

/** Paths the single-page app never answers (the API, the remotes' own files, embedded dev tools). */
export const NOT_APP_PAGES = [/^\/(api|remotes|dev)(\/|$)/];

/**
 * The folders the remotes are served from, read from the runtime configuration the shell itself
 * reads (`remotes.<name>` is a Module Federation manifest URL, relative or absolute). Anything
 * that is not a usable URL is ignored: the shell reports a bad configuration, not the worker.
 */
export function remoteBases(config: unknown, origin: string): string[] {
  const remotes = (config as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) return [];
  const bases: string[] = [];
  for (const value of Object.values(remotes)) {
    if (typeof value !== 'string') continue;
    try {
      const manifest = new URL(value, origin);
      if (manifest.protocol !== 'https:' && manifest.protocol !== 'http:') continue;
      bases.push(new URL('.', manifest).href);
    } catch {
      // not a URL
    }
  }
  return bases;
}

// A content hash in the name (412.a1b2c3d4.js, main.3f9a1c2b.css): the file never changes.
const contentHashed = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export type RemoteFileKind =
  /** Content-hashed: kept once fetched (cache first). */
  | 'immutable'
  /** mf-manifest.json, remoteEntry.js, texts: the deployed version when online (network first). */
  | 'current'
  | null;

/** How a GET under one of the remotes' folders is cached; null for anything else. */
export function remoteFileKind(url: URL, bases: string[]): RemoteFileKind {
  if (!bases.some((base) => url.href.startsWith(base))) return null;
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (name === 'mf-manifest.json' || name === 'remoteEntry.js') return 'current';
  return contentHashed.test(name) ? 'immutable' : 'current';
}
