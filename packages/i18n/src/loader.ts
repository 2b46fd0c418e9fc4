import type { InitOptions } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';

/**
 * docs/product.md#languages-translations-and-themes: up to 10 reads at once, 5 retries, the first
 * 350 ms after a failure and twice as long each time after (350, 700, 1400, 2800, 5600 ms). These
 * are i18next's own read settings (a slot is held only while a request runs, not while it waits to
 * retry); they are set here rather than left as defaults so a change of default cannot change the
 * product. ADR 69.
 */
export const MAX_PARALLEL_READS = 10;
export const MAX_RETRIES = 5;
export const FIRST_RETRY_DELAY_MS = 350;

export const translationReadOptions = {
  maxParallelReads: MAX_PARALLEL_READS,
  maxRetries: MAX_RETRIES,
  retryTimeout: FIRST_RETRY_DELAY_MS,
} satisfies InitOptions;

/**
 * i18next-http-backend fetches one JSON file per language and namespace. It asks i18next to retry
 * no answer and server faults (5xx); a missing file (4xx) or a broken one fails at once.
 */
export function translationBackend(loadPath: (lng: string, ns: string) => string) {
  const options: HttpBackendOptions = {
    // i18next passes a list of languages and namespaces; one of each is read per request.
    loadPath: (lngs, namespaces) => loadPath(lngs[0] ?? '', namespaces[0] ?? ''),
    requestOptions: { headers: { accept: 'application/json' } },
  };
  return { module: HttpBackend, options };
}
