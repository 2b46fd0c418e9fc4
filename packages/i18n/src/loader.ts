import type { BackendModule, ResourceKey } from 'i18next';

/** docs/product.md#languages-translations-and-themes. */
export const MAX_PARALLEL_READS = 10;
export const MAX_RETRIES = 5;
export const FIRST_RETRY_DELAY_MS = 350;

export type RetryingBackendOptions = {
  /** The URL of one namespace in one language. */
  loadPath: (lng: string, ns: string) => string;
  maxParallelReads?: number;
  maxRetries?: number;
  firstRetryDelayMs?: number;
};

/** Thrown for a translation file that cannot be loaded. */
export class TranslationLoadError extends Error {
  retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'TranslationLoadError';
    this.retryable = retryable;
  }
}

/** Runs at most `max` tasks at once; the others wait in order. */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// No answer, a time-out, rate limiting and server faults can pass; a 404 or a broken file will not.
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

async function readOnce(url: string): Promise<ResourceKey> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (err) {
    throw new TranslationLoadError(`Could not load ${url}: ${String(err)}`, true);
  }
  if (!response.ok) {
    throw new TranslationLoadError(
      `Could not load ${url}: HTTP ${response.status}`,
      isRetryableStatus(response.status),
    );
  }
  try {
    return (await response.json()) as ResourceKey;
  } catch {
    throw new TranslationLoadError(`Could not load ${url}: not JSON`, false);
  }
}

/**
 * An i18next backend that fetches one JSON file per language and namespace, at most 10 at a time,
 * and retries a failed read 5 times, 350 ms after the first failure and twice as long each time
 * after (350, 700, 1400, 2800, 5600 ms). A slot is held only while a request runs, not while it
 * waits to retry. It retries by itself, so i18next is not asked to retry again.
 */
export function createRetryingBackend(options: RetryingBackendOptions): BackendModule {
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const firstDelay = options.firstRetryDelayMs ?? FIRST_RETRY_DELAY_MS;
  const limit = createLimiter(options.maxParallelReads ?? MAX_PARALLEL_READS);

  async function read(lng: string, ns: string): Promise<ResourceKey> {
    const url = options.loadPath(lng, ns);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await limit(() => readOnce(url));
      } catch (err) {
        const retryable = err instanceof TranslationLoadError && err.retryable;
        if (!retryable || attempt >= maxRetries) throw err;
        await sleep(firstDelay * 2 ** attempt);
      }
    }
  }

  return {
    type: 'backend',
    callbackApi: false,
    init() {},
    read: read as unknown as BackendModule['read'],
  };
}
