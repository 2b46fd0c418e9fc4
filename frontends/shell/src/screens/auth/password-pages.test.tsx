import type { MessageResponse } from '@innerview/api-client';
import { readToken } from '@innerview/api-client';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeApi,
  findToast,
  renderShell,
  renderSignedIn,
  resetBrowserState,
  restoreGlobals,
} from './auth-test-support.tsx';

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

async function choosePassword(password: string, confirm: string, submit: string) {
  const user = userEvent.setup();
  const newPassword = await screen.findByLabelText('New password');
  // Signed in, the form asks for the current password first (re-authentication).
  const current = screen.queryByLabelText('Current password');
  if (current) await user.type(current, 'Old#pass2024');
  await user.type(newPassword, password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('password reset request', () => {
  it('sends the address in the path and shows the same answer whatever the server knows', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/password-recovery/ada%40example.ch',
        body: { message: 'If…' } satisfies MessageResponse,
      },
    ]);
    renderShell('/auth/password-reset');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('autocomplete')).toBe('email');
    await user.type(email, 'ada@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'If an account exists for ada@example.ch, a link to reset the password is on its way.',
    );
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.headers.get('authorization')).toBeNull();
  });

  it('checks the address first', async () => {
    const api = fakeApi([]);
    renderShell('/auth/password-reset');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' })));
    expect(api.requests).toHaveLength(0);
  });

  it("a failure: 'We couldn't send the reset link. Please verify your email and try again.'", async () => {
    fakeApi([{ method: 'POST', path: '/password-recovery/ada%40example.ch', status: 429, body: {} }]);
    renderShell('/auth/password-reset');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const toast = await findToast('Failed to Send Email');
    expect(toast.text).toContain("We couldn't send the reset link. Please verify your email and try again.");
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
  });
});

describe('reset password', () => {
  it('sets the new password with the token and sends the user to log in', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/reset-password/',
        body: { message: 'Password updated' } satisfies MessageResponse,
      },
    ]);
    const { router } = renderShell('/reset-password?token=t0k3n');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    await choosePassword('Better#2025', 'Better#2025', 'Reset password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await findToast('Password reset')).variant).toBe('success');
    expect(await api.calls('POST', '/reset-password/')[0]!.clone().json()).toEqual({
      token: 't0k3n',
      new_password: 'Better#2025',
      confirm_new_password: 'Better#2025',
    });
  });

  it('checks the rules and the confirmation on the form first', async () => {
    const api = fakeApi([]);
    renderShell('/reset-password?token=t0k3n');
    await choosePassword('short', 'other', 'Reset password');
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByText(/Password must be 8 to 40 characters/)).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it.each([
    ['TOKEN_EXPIRED', 'Link expired', 'This reset link has expired. Please request a new one.'],
    [
      'TOKEN_INVALID',
      'Link not valid',
      'This reset link is invalid or has been used. Please request a new one.',
    ],
  ])('%s: its own state with a way to ask for a new link', async (code, title, message) => {
    fakeApi([{ method: 'POST', path: '/reset-password/', status: 400, body: { detail: message, code } }]);
    const { router } = renderShell('/reset-password?token=old');
    await choosePassword('Better#2025', 'Better#2025', 'Reset password');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/password-reset'));
  });

  it('without a token: the invalid-or-used state at once', async () => {
    renderShell('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy();
  });

  it("another failure: 'Failed to reset password. Please try again.' and the form stays", async () => {
    fakeApi([{ method: 'POST', path: '/reset-password/', status: 500, body: {} }]);
    renderShell('/reset-password?token=t0k3n');
    await choosePassword('Better#2025', 'Better#2025', 'Reset password');
    expect((await findToast('Failed to reset password. Please try again.')).variant).toBe('destructive');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
  });
});

describe('update password (signed in)', () => {
  it('changes the password, ends the session here (the server ended them all) and asks to log in again', async () => {
    const api = fakeApi([
      {
        method: 'PATCH',
        path: '/users/me/password',
        body: { message: 'Password updated' } satisfies MessageResponse,
      },
    ]);
    const { router, store } = renderSignedIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Update your password' })).toBeTruthy();
    await choosePassword('Better#2025', 'Better#2025', 'Update password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Log in' })).toBeTruthy(); // the sign-in beside the landing page's own h1
    const call = api.calls('PATCH', '/users/me/password')[0]!;
    expect(call.headers.get('authorization')).toBe('Bearer tok-ada');
    expect(await call.clone().json()).toEqual({
      current_password: 'Old#pass2024',
      new_password: 'Better#2025',
      confirm_new_password: 'Better#2025',
    });
    expect((await findToast('Password updated')).text).toContain('Please log in with your new password.');
    expect(readToken()).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
  });

  it("a failure: 'Failed to update password. Please try again.' and the user stays signed in", async () => {
    fakeApi([{ method: 'PATCH', path: '/users/me/password', status: 500, body: {} }]);
    const { store } = renderSignedIn();
    await choosePassword('Better#2025', 'Better#2025', 'Update password');
    expect((await findToast('Failed to update password. Please try again.')).variant).toBe('destructive');
    expect(readToken()).toBe('tok-ada');
    expect(store.getState().session.status).toBe('authenticated');
  });

  it("the server's rule message shows on the field", async () => {
    fakeApi([
      {
        method: 'PATCH',
        path: '/users/me/password',
        status: 422,
        body: {
          detail: [{ loc: ['body', 'new_password'], msg: 'Password must be…', type: 'passwordRule' }],
        },
      },
    ]);
    renderSignedIn();
    await choosePassword('Better#2025', 'Better#2025', 'Update password');
    expect(await screen.findByText(/Password must be 8 to 40 characters/)).toBeTruthy();
  });

  it('a wrong current password is said on its field, in the language of the screen', async () => {
    fakeApi([
      {
        method: 'PATCH',
        path: '/users/me/password',
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'current_password'],
              msg: 'Your current password is incorrect',
              type: 'currentPasswordWrong',
            },
          ],
        },
      },
    ]);
    renderSignedIn();
    await choosePassword('Better#2025', 'Better#2025', 'Update password');
    expect(await screen.findByText('Your current password is incorrect')).toBeTruthy();
  });

  it('a visitor who is not signed in is sent to /', async () => {
    const { router } = renderShell('/auth/update-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
