// Test-only helpers of the accounts screens: the whole shell (real route table, providers and
// texts in English and French, `legal` included) in memory; the fake API, the browser reset and the
// toasts come from the shared test helpers.
import { type AppStore, createStore, saveToken, sessionChecked } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { resetBrowserState as resetBrowser } from '@innerview/api-client/testing/browser-state';
import { jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { act, render } from '@testing-library/react';
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

export { type FakeRoute as Route, fakeApi } from '@innerview/api-client/testing/fake-api';
export { findToast, toasts } from '@innerview/ui/testing/toasts';
export { jsonResponse };

/** A fresh start for each test: no token, no pending address, the default API base. */
export const resetBrowserState = (): void => resetBrowser();

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

/**
 * Ada signed in (a remembered token, her session checked) on the update-password screen, the
 * signed-in screen of the accounts flows: the shell as `renderShell` gives it, and `user`.
 */
export function renderSignedIn() {
  const user = testUser();
  saveToken('tok-ada', { rememberMe: true });
  const view = renderShell('/auth/update-password');
  act(() => void view.store.dispatch(sessionChecked({ user })));
  return { ...view, user };
}

export function restoreGlobals(): void {
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
