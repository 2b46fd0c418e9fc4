import { sessionChecked } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-support/render-app.tsx';
import { PATHS } from './paths.ts';
import { routes } from './routes.tsx';

// The remotes are not built in unit tests: each exposed module is a titled stand-in.
vi.mock('../remotes/remote-loader.ts', () => ({
  loadRemoteModule: async (id: string) => ({ default: () => <h1>remote {id}</h1> }),
}));

function allPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...allPaths(route.children ?? [])]);
}

function answer(path: string, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      if (url.endsWith(path)) return Response.json(body);
      return Response.json({ detail: 'Not Found' }, { status: 404 });
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('has every path of docs/product.md#routes, plus the four areas of the main layout and the 404 catch-all', () => {
    const paths = allPaths(routes);
    for (const path of Object.values(PATHS)) expect(paths).toContain(path);
    expect(paths).toContain('*');
  });

  it('shows an open screen to a visitor: the free-trial success with a way to log in', async () => {
    renderApp('/auth/freemium-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your free trial is active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('sends a visitor from a guarded route to /', async () => {
    const { router } = renderApp('/pricing');
    // The landing page: what Innerview is, with the sign-in beside it.
    expect(await screen.findByRole('heading', { level: 1, name: /An AI coach that knows you/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the loading screen while a stored token is checked', async () => {
    localStorage.setItem('access_token', 'stored');
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 60_000));
    renderApp('/pricing');
    expect((await screen.findByRole('status')).textContent).toContain('Checking your session…');
  });

  it('shows the 404 page for an unknown path, whose buttons lead home and back', async () => {
    const { router } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await act(() => router.navigate('/no/such/page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    // With the brand that leads home, in one landmark of each kind (issue 20).
    expect(screen.getByRole('link', { name: 'Innerview' }).getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();

    await act(() => router.navigate('/elsewhere'));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to Home' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('signed in', () => {
    const user = testUser({ onboarded: true });

    it('renders the main layout with the chat remote for /chat when the subscription is active', async () => {
      answer('/subscriptions/status', { subscription_status: 'yearly' });
      const { store } = renderApp('/chat');
      act(() => void store.dispatch(sessionChecked({ user })));
      expect(await screen.findByRole('heading', { name: 'remote chat/ChatApp' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
      await userEvent.click(screen.getByRole('link', { name: 'Help hub' }));
      expect(await screen.findByRole('heading', { name: 'remote account/HelpHubPage' })).toBeTruthy();
    });

    it('sends an expired subscription to /auth/subscription-expired', async () => {
      answer('/subscriptions/status', { subscription_status: 'expired' });
      const { store, router } = renderApp('/settings');
      act(() => void store.dispatch(sessionChecked({ user })));
      expect(await screen.findByRole('heading', { name: 'Your subscription has expired' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/subscription-expired');
    });

    it("applies the user's saved language and theme when the session starts (docs/product.md#how-things-change-over-time)", async () => {
      answer('/subscriptions/status', { subscription_status: 'monthly' });
      const { store } = renderApp('/profile');
      act(() => void store.dispatch(sessionChecked({ user: { ...user, language: 'fr', theme: 'dark' } })));
      expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Mon profil' })).toBeTruthy();
      expect(document.documentElement.dataset.theme).toBe('dark');
      expect(localStorage.getItem('innerview.theme')).toBe('dark');
    });

    it('sends a signed-in user away from /login to /chat', async () => {
      answer('/subscriptions/status', { subscription_status: 'monthly' });
      const { store, router } = renderApp('/login');
      act(() => void store.dispatch(sessionChecked({ user })));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    });
  });
});
