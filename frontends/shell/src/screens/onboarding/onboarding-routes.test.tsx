import { type AppStore, createStore, sessionChecked } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { createI18n } from '@innerview/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import account from '../../../../account/locales/en/account.json' with { type: 'json' };
import chat from '../../../../chat/locales/en/chat.json' with { type: 'json' };
import common from '../../../locales/en/common.json' with { type: 'json' };
import onboarding from '../../../locales/en/onboarding.json' with { type: 'json' };
import shell from '../../../locales/en/shell.json' with { type: 'json' };
import { App } from '../../app.tsx';
import { routes } from '../../routing/routes.tsx';
import { QUESTIONNAIRE_PRINT_PATH } from './onboarding-paths.ts';
import { fakeQuestionnaireService, freshBrowserEachTest } from './onboarding-test-support.tsx';

// The remotes are not built in unit tests: each exposed module is a titled stand-in.
vi.mock('../../remotes/remote-loader.ts', () => ({
  loadRemoteModule: async (id: string) => ({ default: () => <h1>remote {id}</h1> }),
}));

freshBrowserEachTest();

/** The real route table and guards, signed in, with the subscription status the billing service gives. */
function renderShellAt(path: string, { onboarded = false, subscription = 'freemium' as string | null } = {}) {
  const service = fakeQuestionnaireService();
  const questionnaireFetch = service.fetchMock.getMockImplementation()!;
  service.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/subscriptions/status')) return Response.json({ subscription_status: subscription });
    return questionnaireFetch(input, init);
  });
  const store: AppStore = createStore();
  act(() => {
    store.dispatch(sessionChecked({ user: testUser({ onboarded }) }));
  });
  const i18n = createI18n({
    namespaces: ['shell', 'common', 'onboarding'],
    defaultNS: 'shell',
    lng: 'en',
    resources: { en: { shell, common, onboarding, chat, account } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App store={store} i18n={i18n} router={router} />);
  return { router, service };
}

describe('the onboarding routes in the shell', () => {
  it('show the intro screens and, behind the onboarding guard, the invitation and the stepper', async () => {
    const { router } = renderShellAt('/onboarding/introduction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome (en)' })).toBeTruthy();
    await act(() => router.navigate('/onboarding/questionnaire-invitation'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get to know yourself better' }),
    ).toBeTruthy();
    await act(() => router.navigate('/onboarding/questionnaire?step=2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 2 of 8: Title 2 (en)' })).toBeTruthy();
  });

  it('send a person who has completed onboarding to the chat (docs/product.md#guards onboarding guard)', async () => {
    const { router } = renderShellAt('/onboarding/questionnaire?step=3', { onboarded: true });
    expect(await screen.findByRole('heading', { name: 'remote chat/ChatApp' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('send a person without a trial or plan to pricing', async () => {
    const { router } = renderShellAt('/onboarding/questionnaire-invitation', { subscription: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('keep the print view open after onboarding, outside every frame', async () => {
    const { router } = renderShellAt(QUESTIONNAIRE_PRINT_PATH, { onboarded: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My reflective questionnaire' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(QUESTIONNAIRE_PRINT_PATH);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
