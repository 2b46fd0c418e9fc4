// Test-only helpers of the account screens: the three exposed pages inside the providers the shell
// gives them (store, i18n with the real texts in English and German, theme, toasts, router); the
// fake API and the toasts come from the shared test helpers.
import { createStore } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { resetBrowserState as resetBrowser } from '@innerview/api-client/testing/browser-state';
import { createI18n } from '@innerview/i18n';
import { ThemeProvider, ToastProvider } from '@innerview/ui';
import { render } from '@testing-library/react';
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

export { type FakeRoute, fakeApi } from '@innerview/api-client/testing/fake-api';
export { findToast } from '@innerview/ui/testing/toasts';

/** Signed in (a stored token), nothing else kept between tests. */
export const resetBrowserState = (): void => resetBrowser({ signedIn: true });

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

/** `GET /users/me` for Ada, whole (typed by the auth contract). */
export const ME = testUser({ onboarded: true });
