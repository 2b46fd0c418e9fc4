import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimiter, createRetryingBackend } from './loader.ts';

const loadPath = (lng: string, ns: string) => `/locales/${lng}/${ns}.json`;

type Reader = (lng: string, ns: string) => Promise<unknown>;
function readerOf(backend: ReturnType<typeof createRetryingBackend>): Reader {
  return backend.read as unknown as Reader;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createRetryingBackend', () => {
  it('reads one JSON file per language and namespace', async () => {
    const fetchMock = vi.fn(async () => json({ hello: 'Bonjour' }));
    vi.stubGlobal('fetch', fetchMock);
    const read = readerOf(createRetryingBackend({ loadPath }));
    await expect(read('fr', 'shell')).resolves.toEqual({ hello: 'Bonjour' });
    expect(fetchMock).toHaveBeenCalledWith('/locales/fr/shell.json', expect.anything());
  });

  it('retries a failed read after 350, 700, 1400 ms… and succeeds', async () => {
    const attemptsAt: number[] = [];
    const start = Date.now();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attemptsAt.push(Date.now() - start);
        if (attemptsAt.length <= 3) throw new TypeError('Failed to fetch');
        return json({ hello: 'Hallo' });
      }),
    );
    const result = readerOf(createRetryingBackend({ loadPath }))('de', 'shell');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual({ hello: 'Hallo' });
    expect(attemptsAt).toEqual([0, 350, 1050, 2450]);
  });

  it('gives up after 5 retries (6 attempts, delays doubling from 350 ms)', async () => {
    const attemptsAt: number[] = [];
    const start = Date.now();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attemptsAt.push(Date.now() - start);
        return json({ detail: 'down' }, 503);
      }),
    );
    const result = readerOf(createRetryingBackend({ loadPath }))('it', 'chat').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain('/locales/it/chat.json');
    expect(attemptsAt).toEqual([0, 350, 1050, 2450, 5250, 10850]);
  });

  it('does not retry a file that does not exist', async () => {
    const fetchMock = vi.fn(async () => json({}, 404));
    vi.stubGlobal('fetch', fetchMock);
    const result = readerOf(createRetryingBackend({ loadPath }))('es', 'account').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(String(await result)).toContain('HTTP 404');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('runs at most 10 reads at once', async () => {
    const pending: Array<() => void> = [];
    let running = 0;
    let most = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            running += 1;
            most = Math.max(most, running);
            pending.push(() => {
              running -= 1;
              resolve(json({}));
            });
          }),
      ),
    );
    const read = readerOf(createRetryingBackend({ loadPath }));
    const all = Promise.all(Array.from({ length: 25 }, (_, i) => read('en', `ns${i}`)));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(10);
    while (pending.length > 0) {
      pending.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    }
    await all;
    expect(most).toBe(10);
  });
});

describe('createLimiter', () => {
  it('frees a slot when a task fails', async () => {
    const run = createLimiter(1);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(async () => 'next')).resolves.toBe('next');
  });
});
