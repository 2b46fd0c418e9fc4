import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './init.ts';

// The read limits of docs/product.md#languages-translations-and-themes, as the person's browser
// meets them: through a real i18next instance and its HTTP backend, with `fetch` answering.
const loadPath = (lng: string, ns: string) => `/locales/${lng}/${ns}.json`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Attempts per URL, in fake milliseconds since the test started. */
function recordAttempts(answer: (url: string, attempt: number) => Response | Promise<Response>) {
  const start = Date.now();
  const attempts = new Map<string, number[]>();
  const fetchMock = vi.fn(async (url: string) => {
    const list = attempts.get(url) ?? [];
    list.push(Date.now() - start);
    attempts.set(url, list);
    return answer(url, list.length);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { attempts, fetchMock };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('translation loading', () => {
  it('reads one JSON file per language and namespace', async () => {
    const { fetchMock } = recordAttempts((url) =>
      json(url.includes('/fr/') ? { hello: 'Bonjour' } : { hello: 'Hello' }),
    );
    const i18n = createI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath, lng: 'fr' });
    await vi.waitFor(() => expect(i18n.t('hello')).toBe('Bonjour'));
    expect(fetchMock).toHaveBeenCalledWith('/locales/fr/shell.json', expect.anything());
  });

  it('retries a failed read after 350, 700, 1400 ms… and then shows the text', async () => {
    const { attempts } = recordAttempts((url, attempt) => {
      if (url.includes('/de/') && attempt <= 3) throw new TypeError('Failed to fetch');
      return json({ hello: url.includes('/de/') ? 'Hallo' : 'Hello' });
    });
    const i18n = createI18n({ namespaces: ['shell'], defaultNS: 'shell', loadPath, lng: 'de' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts.get('/locales/de/shell.json')).toEqual([0, 350, 1050, 2450]);
    expect(i18n.t('hello')).toBe('Hallo');
  });

  it('gives up after 5 retries (6 attempts, delays doubling from 350 ms) and falls back to English', async () => {
    const { attempts } = recordAttempts((url) =>
      url.includes('/it/') ? json({ detail: 'down' }, 503) : json({ hello: 'Hello' }),
    );
    const i18n = createI18n({ namespaces: ['chat'], defaultNS: 'chat', loadPath, lng: 'it' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts.get('/locales/it/chat.json')).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('does not retry a file that does not exist', async () => {
    const { attempts } = recordAttempts((url) =>
      url.includes('/es/') ? json({}, 404) : json({ hello: 'Hello' }),
    );
    const i18n = createI18n({ namespaces: ['account'], defaultNS: 'account', loadPath, lng: 'es' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts.get('/locales/es/account.json')).toEqual([0]);
    expect(i18n.t('hello')).toBe('Hello');
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
              resolve(json({ hello: 'Hello' }));
            });
          }),
      ),
    );
    const namespaces = Array.from({ length: 25 }, (_, i) => `ns${i}`);
    const i18n = createI18n({ namespaces, defaultNS: 'ns0', loadPath, lng: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(10);
    let answered = 0;
    while (pending.length > 0) {
      pending.shift()?.();
      answered += 1;
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(answered).toBe(25);
    expect(most).toBe(10);
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('ns24')).toBe(true));
  });
});
