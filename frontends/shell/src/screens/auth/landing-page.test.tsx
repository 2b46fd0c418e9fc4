import type { TokenResponse } from '@innerview/api-client';
import { testQuestionnaireStatus, testSubscription, testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch } from '@innerview/api-client/testing/fake-fetch';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderShell, resetBrowserState, restoreGlobals } from './auth-test-support.tsx';

vi.mock('../../remotes/remote-loader.ts', () => ({
  loadRemoteModule: async (id: string) => ({ default: () => <h1>remote {id}</h1> }),
}));

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

const noor = (onboarded: boolean) =>
  testUser({
    id: '0190f0a0-0000-7000-8000-000000000002',
    email: 'noor@example.ch',
    first_name: 'Noor',
    onboarded,
  });

describe('landing page (docs/product.md#landing-page)', () => {
  it('tells a visitor what Innerview is, with the sign-in form beside it and a way to start the trial', async () => {
    installFakeFetch(() => new Response('{}', { status: 404 }));
    renderShell('/');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('An AI coach that knows you, whenever you want to think things through');
    const main = screen.getByRole('main');
    for (const text of ['It knows you', 'Private and Swiss', 'Coaching, not therapy', '30 days free'])
      expect(within(main).getByText(text)).toBeTruthy();
    expect(within(main).getByText(/stored in Switzerland and encrypted/)).toBeTruthy();
    // One h1 on the page; the sign-in card is a section of it, with its fields.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start your 30-day free trial' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'I have an account: log in' }).getAttribute('href')).toBe(
      '#login',
    );
    // The card's own "Create an account" would say the same twice.
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe('Coaching and self-reflection with an AI coach · Innerview'),
    );
  });

  it('speaks French', async () => {
    installFakeFetch(() => new Response('{}', { status: 404 }));
    renderShell('/', { lng: 'fr' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Un coach IA qui vous connaît, dès que vous voulez prendre du recul',
    );
    expect(screen.getByText('Du coaching, pas une thérapie')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Connexion' })).toBeTruthy();
  });

  it.each([
    ['on the trial, onboarding done', 'freemium' as const, true, null],
    [
      'on a paid plan, questionnaire complete',
      'yearly' as const,
      false,
      testQuestionnaireStatus({ answered_steps: [1, 2, 3, 4, 5, 6, 7, 8] }),
    ],
  ])(
    'signing in from it, a person %s goes to the chat, not to pricing',
    async (_, status, onboarded, questionnaire) => {
      fakeApi([
        {
          method: 'POST',
          path: '/login/access-token',
          body: {
            access_token: 'tok-noor',
            token_type: 'bearer',
            expires_in: 864000,
          } satisfies TokenResponse,
        },
        { method: 'POST', path: '/login/test-token', body: noor(false) },
        {
          method: 'GET',
          path: '/users/me',
          body: noor(onboarded),
        },
        {
          method: 'GET',
          path: '/subscriptions/status',
          body: testSubscription({ subscription_status: status }),
        },
        ...(questionnaire ? [{ method: 'GET', path: '/questionnaire/status', body: questionnaire }] : []),
      ]);
      const { router } = renderShell('/');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'noor@example.ch');
      await user.type(screen.getByLabelText('Password'), 'Secret#123');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    },
  );
});
