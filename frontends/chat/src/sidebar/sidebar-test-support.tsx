// Test-only helpers of the sidebar: ChatSidebar inside the providers the shell gives the chat
// remote (store, i18n with the real English and German texts, theme, toasts, router), a line that
// shows where the router is; the fake API and the toasts come from the shared test helpers.
import { createStore } from '@innerview/api-client';
import { testQuestionnaireStatus, testSubscription } from '@innerview/api-client/testing/bodies';
import { resetBrowserState as resetBrowser } from '@innerview/api-client/testing/browser-state';
import type { FakeRoute } from '@innerview/api-client/testing/fake-api';
import { createI18n } from '@innerview/i18n';
import { ThemeProvider, ToastProvider } from '@innerview/ui';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach } from 'vitest';
// The shell's `common` namespace holds texts every screen shares (the log-out toasts).
import commonDe from '../../../shell/locales/de/common.json' with { type: 'json' };
import common from '../../../shell/locales/en/common.json' with { type: 'json' };
import sidebarDe from '../../locales/de/sidebar.json' with { type: 'json' };
import sidebar from '../../locales/en/sidebar.json' with { type: 'json' };
import { ChatSidebar, type ChatSidebarProps, PhoneStatus } from './index.ts';

export { type FakeRoute, fakeApi } from '@innerview/api-client/testing/fake-api';
export { findToast } from '@innerview/ui/testing/toasts';

/** The questionnaire answered and submitted: the sidebar shows no "continue" link. */
export const finishedQuestionnaire: FakeRoute = {
  method: 'GET',
  path: '/questionnaire/status',
  body: testQuestionnaireStatus({
    status: 'submitted',
    submitted_at: '2026-05-01T10:00:00Z',
    answered_steps: [1, 2, 3, 4, 5, 6, 7, 8],
  }),
};
export const monthlySubscription: FakeRoute = {
  method: 'GET',
  path: '/subscriptions/status',
  body: testSubscription({ subscription_status: 'monthly' }),
};

/** Before each test of the file: signed in, nothing else kept, the desktop viewport. */
export function signedInOnDesktop(): void {
  beforeEach(() => {
    resetBrowserState();
    setViewport('desktop');
  });
}

/** Signed in (a stored token), nothing else kept between tests. */
export const resetBrowserState = (): void => resetBrowser({ signedIn: true });

/** The viewport as the sidebar's media query sees it. */
export function setViewport(kind: 'mobile' | 'desktop'): void {
  const matches = kind === 'mobile';
  window.matchMedia = ((query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** What the conversation does on phones: a button that opens the drawer, which closes itself. */
function DrawerHarness(props: ChatSidebarProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open chats
      </button>
      <ChatSidebar {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderSidebar(
  props: Partial<ChatSidebarProps> = {},
  options: { lng?: 'en' | 'de'; path?: string; withOpener?: boolean; withPhoneStatus?: boolean } = {},
) {
  const store = createStore();
  const i18n = createI18n({
    namespaces: ['sidebar', 'common'],
    defaultNS: 'sidebar',
    lng: options.lng ?? 'en',
    resources: { en: { sidebar, common }, de: { sidebar: sidebarDe, common: commonDe } },
  });
  const all: ChatSidebarProps = {
    activeSessionId: null,
    onNewChat: () => {},
    open: true,
    onClose: () => {},
    ...props,
  };
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <ToastProvider
            closeLabel="Close"
            regionLabel="Notifications ({hotkey})"
            announceLabel="Notification"
          >
            <MemoryRouter initialEntries={[options.path ?? '/chat']}>
              {options.withPhoneStatus && <PhoneStatus />}
              {options.withOpener ? <DrawerHarness {...all} /> : <ChatSidebar {...all} />}
              <Location />
            </MemoryRouter>
          </ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, i18n };
}

export const location = () => screen.getByTestId('location').textContent;
