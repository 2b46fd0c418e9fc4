// The shell's runtime configuration, fetched from `/config.json` at start-up (the gateway answers it
// in embedded mode; a container writes it from its environment). Nothing here is a build-time
// constant, so the same shell bundle runs against any API and any deployment of the remotes.
// This module is part of the entry chunk: it must not import any shared library.

export const REMOTE_NAMES = ['chat', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export type RuntimeConfig = {
  /** Absolute URL of the API root, e.g. `http://localhost:8080/api/v1`. */
  apiBase: string;
  /** Absolute URL of each remote's `mf-manifest.json`. */
  remotes: Record<RemoteName, string>;
  /** `embedded`, `container`, `development`: informative only. */
  mode: string;
};

export const CONFIG_PATH = '/config.json';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absoluteHttpUrl(value: unknown, field: string, base: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${field} must be a non-empty string`);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new Error(`${field} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${field} must be an http(s) URL`);
  return url.href.replace(/\/$/, '');
}

/** Validates the JSON of /config.json; relative URLs are resolved against the page (`base`). */
export function parseRuntimeConfig(value: unknown, base: string): RuntimeConfig {
  if (!isRecord(value)) throw new Error('config must be a JSON object');
  const remotes = value.remotes;
  if (!isRecord(remotes)) throw new Error('remotes must be an object');
  const mode = value.mode ?? 'unknown';
  if (typeof mode !== 'string') throw new Error('mode must be a string');
  return {
    apiBase: absoluteHttpUrl(value.apiBase ?? '/api/v1', 'apiBase', base),
    remotes: {
      chat: absoluteHttpUrl(remotes.chat, 'remotes.chat', base),
      account: absoluteHttpUrl(remotes.account, 'remotes.account', base),
    },
    mode,
  };
}

const RETRY_DELAYS_MS = [300, 1000, 3000];

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    try {
      const response = await fetch(CONFIG_PATH, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`${CONFIG_PATH} answered ${response.status}`);
      return parseRuntimeConfig(await response.json(), window.location.href);
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw new Error(`Could not load the runtime configuration: ${String(lastError)}`);
}

let pending: Promise<RuntimeConfig> | undefined;
let loaded: RuntimeConfig | undefined;

/** The configuration if it has arrived already (for code that cannot wait, like a URL template). */
export function loadedRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}

/** The configuration, fetched once; a failed fetch is forgotten so that a retry fetches again. */
export function runtimeConfig(): Promise<RuntimeConfig> {
  if (!pending) {
    pending = fetchRuntimeConfig();
    pending.then(
      (config) => {
        loaded = config;
      },
      () => {
        pending = undefined;
      },
    );
  }
  return pending;
}
