/** docs/product.md#timing: every API call gives up after 30 s. */
export const API_TIMEOUT_MS = 30_000;

/** docs/product.md#calling-conventions: all paths are under /api/v1. The shell overrides this from `/config.json` at start-up. */
export const DEFAULT_API_BASE = '/api/v1';

let apiBase = DEFAULT_API_BASE;

/** Sets the API base (absolute URL or path). A trailing slash is dropped so paths join cleanly. */
export function setApiBase(url: string): void {
  const trimmed = url.trim();
  if (trimmed === '') throw new Error('API base must not be empty');
  apiBase = trimmed.replace(/\/+$/, '') || '/';
}

export function getApiBase(): string {
  return apiBase;
}

/**
 * The absolute URL of an API path. Browsers resolve relative URLs against the page, but `Request`
 * outside a page (tests, workers) does not, so the base is made absolute against `location` here.
 */
export function apiUrl(path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  const base = apiBase === '/' ? '' : apiBase;
  const joined = `${base}/${path.replace(/^\/+/, '')}`;
  const origin = globalThis.location?.href;
  return origin ? new URL(joined, origin).href : joined;
}
