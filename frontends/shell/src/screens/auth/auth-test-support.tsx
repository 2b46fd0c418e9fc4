// Test-only helpers of the accounts screens: the whole shell (real route table, providers and
// texts in English and French, `legal` included) in memory, and a fake API.
import { type AppStore, clearToken, createStore, DEFAULT_API_BASE, setApiBase } from '@innerview/api-client';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import common from '../../../locales/en/common.json' with { type: 'json' };
import legal from '../../../locales/en/legal.json' with { type: 'json' };
import shell from '../../../locales/en/shell.json' with { type: 'json' };
import commonFr from '../../../locales/fr/common.json' with { type: 'json' };
import legalFr from '../../../locales/fr/legal.json' with { type: 'json' };
import shellFr from '../../../locales/fr/shell.json' with { type: 'json' };
import { App } from '../../app.tsx';
import { routes } from '../../routing/routes.tsx';

export { jsonResponse };

/** jsdom lacks what Radix uses for layout and pointers (a checkbox inside a form measures itself). */
export function polyfillJsdom(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const proto = Element.prototype as Element & Partial<Record<string, unknown>>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}

/** A fresh start for each test: no token, no pending address, the default API base. */
export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearToken();
  setApiBase(DEFAULT_API_BASE);
}

export function testI18n(lng: 'en' | 'fr' = 'en') {
  return createI18n({
    namespaces: ['shell', 'common', 'legal'],
    defaultNS: 'shell',
    lng,
    resources: { en: { shell, common, legal }, fr: { shell: shellFr, common: commonFr, legal: legalFr } },
  });
}

/** The shell at `path` in memory, with its real routes, store and providers. */
export function renderShell(path: string, options: { store?: AppStore; lng?: 'en' | 'fr' } = {}) {
  const store = options.store ?? createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App store={store} i18n={testI18n(options.lng)} router={router} />);
  return { ...view, router, store };
}

export type Route = { method: string; path: string; status?: number; body?: unknown };

/**
 * A fake API answering by method and path (after /api/v1), in the order given for repeated calls
 * of one route (the last answer repeats); anything else is a 404. Records every request.
 */
export function fakeApi(routesList: Route[]) {
  const served = new Map<string, number>();
  const fake = installFakeFetch((request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const key = `${request.method} ${path}`;
    const matching = routesList.filter((r) => `${r.method} ${r.path}` === key);
    if (matching.length === 0) return jsonResponse(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    const index = Math.min(served.get(key) ?? 0, matching.length - 1);
    served.set(key, (served.get(key) ?? 0) + 1);
    const route = matching[index]!;
    return jsonResponse(route.status ?? 200, route.body ?? {});
  });
  const calls = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);
  return { ...fake, calls };
}

/** The toasts on screen: their text and variant (default, destructive, success). */
export function toasts(): Array<{ text: string; variant: string | null; element: HTMLElement }> {
  const region = screen.getByRole('region', { name: /^Notifications/ });
  return within(region)
    .queryAllByRole('listitem')
    .map((element) => ({
      text: element.textContent ?? '',
      variant: element.getAttribute('data-variant'),
      element,
    }));
}

/** Waits for a toast whose text contains `text`. */
export async function findToast(text: string) {
  return waitFor(() => {
    const found = toasts().find((toast) => toast.text.includes(text));
    if (!found)
      throw new Error(`no toast with "${text}"; shown: ${JSON.stringify(toasts().map((t) => t.text))}`);
    return found;
  });
}

export function restoreGlobals(): void {
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
