import { type AppStore, createStore } from '@innerview/api-client';
import { createI18n } from '@innerview/i18n';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { createMemoryRouter, type RouteObject } from 'react-router';
import account from '../../../account/locales/en/account.json' with { type: 'json' };
import chat from '../../../chat/locales/en/chat.json' with { type: 'json' };
import billing from '../../locales/en/billing.json' with { type: 'json' };
import common from '../../locales/en/common.json' with { type: 'json' };
import shell from '../../locales/en/shell.json' with { type: 'json' };
import commonFr from '../../locales/fr/common.json' with { type: 'json' };
import shellFr from '../../locales/fr/shell.json' with { type: 'json' };
import { App } from '../app.tsx';
import { routes } from '../routing/routes.tsx';

/** An i18next instance in English with the real texts (and the shell's French ones), no network. */
export function englishI18n(): i18n {
  return createI18n({
    namespaces: ['shell', 'common', 'chat', 'account', 'billing'],
    defaultNS: 'shell',
    lng: 'en',
    resources: { en: { shell, common, chat, account, billing }, fr: { shell: shellFr, common: commonFr } },
  });
}

/** The shell's providers around `routeObjects` (part of the route table, stand-ins) at `path`, in memory. */
export function renderRoutes(routeObjects: RouteObject[], path: string, store: AppStore = createStore()) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const view = render(<App store={store} i18n={englishI18n()} router={router} />);
  return { ...view, router, store };
}

/** The whole shell (providers and the real route table) at `path`, in memory. */
export function renderApp(path: string, store: AppStore = createStore()) {
  return renderRoutes(routes, path, store);
}
