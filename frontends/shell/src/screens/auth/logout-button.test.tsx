import type { MessageResponse } from '@innerview/api-client';
import { readToken, TOKEN_KEY } from '@innerview/api-client';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  findToast,
  renderSignedIn,
  resetBrowserState,
  restoreGlobals,
} from './auth-test-support.tsx';
import { LogoutButton } from './logout-button.tsx';

// The update-password screen stands in for any signed-in screen: the button is added beside it.
vi.mock('./update-password-page.tsx', () => ({
  UpdatePasswordPage: () => (
    <Routes>
      <Route path="*" element={<LogoutButton />} />
    </Routes>
  ),
}));

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

describe('logout', () => {
  it('closes the chat sessions first, then logs out, revokes the old token and says "Logged Out"', async () => {
    const api = fakeApi([
      { method: 'POST', path: '/chat/close-all-sessions', body: {} },
      { method: 'POST', path: '/login/logout', body: { message: 'Logged out' } satisfies MessageResponse },
    ]);
    const { router, store } = renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await findToast('Logged Out')).variant).toBe('success');
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
    await waitFor(() => expect(api.calls('POST', '/login/logout')).toHaveLength(1));
    const order = api.requests.map((r) => new URL(r.url).pathname);
    expect(order).toEqual(['/api/v1/chat/close-all-sessions', '/api/v1/login/logout']);
    expect(api.calls('POST', '/login/logout')[0]!.headers.get('authorization')).toBe('Bearer tok-ada');
  });

  it('if the chats cannot be closed it still logs out, with a warning', async () => {
    fakeApi([{ method: 'POST', path: '/chat/close-all-sessions', status: 500, body: {} }]);
    const { router } = renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await findToast('Logged Out');
    const warning = await findToast('Your open chats could not be closed, but you have been logged out.');
    expect(warning.variant).toBe('destructive');
    expect(readToken()).toBeNull();
  });
});
