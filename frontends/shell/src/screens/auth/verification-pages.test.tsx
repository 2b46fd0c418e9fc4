import type { MessageResponse, VerifyResponse } from '@innerview/api-client';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, findToast, renderShell, resetBrowserState, restoreGlobals } from './auth-test-support.tsx';
import { PENDING_VERIFICATION_KEY } from './pending-verification.ts';

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

describe('verification sent', () => {
  it('opened without the sign-up in this tab: asks for the address, checks it, then resends', async () => {
    const api = fakeApi([
      { method: 'POST', path: '/users/verify/resend', body: { message: 'If…' } satisfies MessageResponse },
    ]);
    renderShell('/auth/verification-sent');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/We sent you a verification link/)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'example.ch');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((await findToast('Verification Email Sent')).variant).toBe('success');
    expect(await api.calls('POST', '/users/verify/resend')[0]!.clone().json()).toEqual({
      email: 'ada@example.ch',
    });
  });

  it('a failed resend: "Failed to Send Email"', async () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, 'ada@example.ch');
    fakeApi([{ method: 'POST', path: '/users/verify/resend', status: 500, body: {} }]);
    renderShell('/auth/verification-sent');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    const toast = await findToast('Failed to Send Email');
    expect(toast.variant).toBe('destructive');
  });
});

describe('verification success', () => {
  it('sends the token once and shows "Email Verified" with a way to log in', async () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, 'ada@example.ch');
    const api = fakeApi([
      {
        method: 'POST',
        path: '/users/verify',
        body: { message: 'Email verified.' } satisfies VerifyResponse,
      },
    ]);
    const { router } = renderShell('/auth/verification-success?token=abc123');
    expect(await screen.findByText('Your account is active. You can now log in.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeTruthy();
    expect((await findToast('Email Verified')).variant).toBe('success');
    const calls = api.calls('POST', '/users/verify');
    expect(calls).toHaveLength(1);
    expect(await calls[0]!.clone().json()).toEqual({ token: 'abc123' });
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a used link of an account verified already: one calm "already verified" state, never "Verification Failed"', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/users/verify',
        body: {
          message: 'Your email address is already verified. You can sign in.',
          already_verified: true,
        } satisfies VerifyResponse,
      },
    ]);
    renderShell('/auth/verification-success?token=used-again');
    expect(await screen.findByText('Your email address was verified already. You can log in.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeTruthy();
    expect(screen.getByText('Already verified')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('Verification Failed');
    expect(screen.queryByRole('region', { name: /Notifications/ })?.textContent ?? '').not.toContain('Verif');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it.each([
    ['TOKEN_EXPIRED', 'This verification link has expired. Please request a new one.'],
    ['TOKEN_INVALID', 'This verification link is invalid or has been used. Please request a new one.'],
  ])('%s: the "Verification Failed" state with its reason and a new link', async (code, reason) => {
    const api = fakeApi([
      { method: 'POST', path: '/users/verify', status: 400, body: { detail: reason, code } },
      { method: 'POST', path: '/users/verify/resend', body: { message: 'If…' } satisfies MessageResponse },
    ]);
    renderShell(`/auth/verification-success?token=used-${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(reason);
    expect((await findToast('Verification Failed')).variant).toBe('destructive');
    // Said by the heading and the toast, not a third time in the alert.
    expect(screen.getByRole('main').textContent!.split('Verification Failed')).toHaveLength(2);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await findToast('Verification Email Sent');
    expect(api.calls('POST', '/users/verify/resend')).toHaveLength(1);
  });

  it('without a token: the invalid-link state, and nothing is sent', async () => {
    const api = fakeApi([]);
    renderShell('/auth/verification-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('invalid or has been used');
    expect(api.requests).toHaveLength(0);
  });

  it('a server that cannot answer: its reason and a try-again, not a dead link', async () => {
    fakeApi([{ method: 'POST', path: '/users/verify', status: 503, body: {} }]);
    renderShell('/auth/verification-success?token=later');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks French', async () => {
    fakeApi([{ method: 'POST', path: '/users/verify', status: 400, body: { code: 'TOKEN_EXPIRED' } }]);
    renderShell('/auth/verification-success?token=old', { lng: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Échec de la vérification' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Ce lien de vérification a expiré.');
  });
});
