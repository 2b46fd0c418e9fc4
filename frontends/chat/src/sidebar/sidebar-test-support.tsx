// Test-only helpers of the sidebar: ChatSidebar inside the providers the shell gives the chat
// remote (store, i18n with the real English and German texts, theme, toasts, router), a line that
// shows where the router is, and a fake API answering by method and path.
import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { ThemeProvider, ToastProvider } from '@innerview/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
// The shell's `common` namespace holds texts every screen shares (the log-out toasts).
import commonDe from '../../../shell/locales/de/common.json' with { type: 'json' };
import common from '../../../shell/locales/en/common.json' with { type: 'json' };
import sidebarDe from '../../locales/de/sidebar.json' with { type: 'json' };
import sidebar from '../../locales/en/sidebar.json' with { type: 'json' };
import { ChatSidebar, type ChatSidebarProps, PhoneStatus } from './index.ts';

/** jsdom lacks what Radix uses. */
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

/** Signed in (a stored token), nothing else kept between tests. */
export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearToken();
  setApiBase(DEFAULT_API_BASE);
  saveToken('test-token', { rememberMe: true });
}

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

export type FakeRoute = { method: string; path: string; status?: number; body?: unknown };

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
    return jsonResponse(route.status ?? 200, route.status === 204 ? undefined : (route.body ?? {}));
  });
  const calls = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);
  return { ...fake, calls };
}

/** Waits for a toast whose text contains `text`. */
export function findToast(text: string) {
  return waitFor(() => {
    // By its label, not its role: a dialog open beside it marks it aria-hidden (Radix), and a hidden
    // element has no accessible name; the sidebar's live search status keeps the region's parent
    // in view, so the mark lands on the region itself.
    const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
    if (!region) throw new Error('no notifications region');
    const found = within(region)
      .queryAllByRole('listitem', { hidden: true })
      .find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`no toast with "${text}"`);
    return found;
  });
}
