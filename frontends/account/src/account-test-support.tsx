// Test-only helpers of the account screens: the three exposed pages inside the providers the shell
// gives them (store, i18n with the real texts in English and German, theme, toasts, router), and a
// fake API answering by method and path.
import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { ThemeProvider, ToastProvider } from '@innerview/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import billingDe from '../../shell/locales/de/billing.json' with { type: 'json' };
import commonDe from '../../shell/locales/de/common.json' with { type: 'json' };
import legalDe from '../../shell/locales/de/legal.json' with { type: 'json' };
import billing from '../../shell/locales/en/billing.json' with { type: 'json' };
import common from '../../shell/locales/en/common.json' with { type: 'json' };
import legal from '../../shell/locales/en/legal.json' with { type: 'json' };
import accountDe from '../locales/de/account.json' with { type: 'json' };
import goalsDe from '../locales/de/goals.json' with { type: 'json' };
import helpDe from '../locales/de/help.json' with { type: 'json' };
import memoryDe from '../locales/de/memory.json' with { type: 'json' };
import subscriptionDe from '../locales/de/subscription.json' with { type: 'json' };
import account from '../locales/en/account.json' with { type: 'json' };
import goals from '../locales/en/goals.json' with { type: 'json' };
import help from '../locales/en/help.json' with { type: 'json' };
import memory from '../locales/en/memory.json' with { type: 'json' };
import subscription from '../locales/en/subscription.json' with { type: 'json' };
import GoalsPage from './goals-page.tsx';
import HelpHubPage from './help-hub-page.tsx';
import ProfilePage from './profile-page.tsx';
import SettingsPage from './settings-page.tsx';

/** jsdom lacks what Radix and the download use. */
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
  URL.createObjectURL ??= () => 'blob:innerview-test';
  URL.revokeObjectURL ??= () => {};
}

/** Signed in (a stored token), nothing else kept between tests. */
export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearToken();
  setApiBase(DEFAULT_API_BASE);
  document.documentElement.removeAttribute('data-theme');
  saveToken('test-token', { rememberMe: true });
}

export function testI18n(lng: 'en' | 'de' = 'en') {
  return createI18n({
    namespaces: ['account', 'help', 'common', 'legal', 'subscription', 'billing', 'goals', 'memory'],
    defaultNS: 'account',
    lng,
    resources: {
      en: { account, help, common, legal, subscription, billing, goals, memory },
      de: {
        account: accountDe,
        help: helpDe,
        common: commonDe,
        legal: legalDe,
        subscription: subscriptionDe,
        billing: billingDe,
        goals: goalsDe,
        memory: memoryDe,
      },
    },
  });
}

/** One account page at `path`, with a login page at / to land on. */
export function renderAccount(
  path: '/profile' | '/settings' | '/help' | '/goals',
  options: { lng?: 'en' | 'de' } = {},
) {
  const store = createStore();
  const i18n = testI18n(options.lng);
  const wrap = (children: ReactNode) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <ToastProvider
            closeLabel="Close"
            regionLabel="Notifications ({hotkey})"
            announceLabel="Notification"
          >
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </Provider>
  );
  const view = render(
    wrap(
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/help" element={<HelpHubPage />} />
        <Route path="/goals" element={<GoalsPage />} />
        <Route path="/" element={<h1>Login page</h1>} />
      </Routes>,
    ),
  );
  return { ...view, store, i18n };
}

export type FakeRoute = {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Answers by method and path (after /api/v1), the last answer of a route repeating; else 404. */
export function fakeApi(routes: FakeRoute[]) {
  const served = new Map<string, number>();
  const fake = installFakeFetch((request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const key = `${request.method} ${path}`;
    const matching = routes.filter((r) => `${r.method} ${r.path}` === key);
    if (matching.length === 0) return jsonResponse(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    const index = Math.min(served.get(key) ?? 0, matching.length - 1);
    served.set(key, index + 1);
    const route = matching[index]!;
    // A 204 has no body (a Response refuses one).
    const body = route.status === 204 ? undefined : (route.body ?? {});
    return jsonResponse(route.status ?? 200, body, route.headers);
  });
  const calls = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);
  return { ...fake, calls };
}

export const ME = {
  id: '0190f0a0-0000-7000-8000-000000000001',
  email: 'ada@example.ch',
  first_name: 'Ada',
  last_name: 'Lovelace',
  language: 'en',
  theme: 'system',
  user: { id: '0190f0a0-0000-7000-8000-000000000001', is_onboarding_completed: true },
};

/** Waits for a toast whose text contains `text`. */
export function findToast(text: string) {
  return waitFor(() => {
    const region = screen.getByRole('region', { name: /^Notifications/ });
    const found = within(region)
      .queryAllByRole('listitem')
      .find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`no toast with "${text}"`);
    return found;
  });
}
