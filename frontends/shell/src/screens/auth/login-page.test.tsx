import type { MessageResponse } from '@innerview/api-client';
import { REMEMBER_ME_KEY, readToken, TOKEN_KEY, type TokenResponse } from '@innerview/api-client';
import { testQuestionnaireStatus, testSubscription, testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch } from '@innerview/api-client/testing/fake-fetch';
import type { SubscriptionStatus } from '@innerview/contracts/subscription-status';
import { TOAST_LOCK_MS, TOAST_WARNING_MS } from '@innerview/ui';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  findToast,
  jsonResponse,
  type Route,
  renderShell,
  resetBrowserState,
  restoreGlobals,
  toasts,
} from './auth-test-support.tsx';

vi.mock('../../remotes/remote-loader.ts', () => ({
  loadRemoteModule: async (id: string) => ({ default: () => <h1>remote {id}</h1> }),
}));

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

const USER = testUser({ onboarded: false });
const tokenRoute: Route = {
  method: 'POST',
  path: '/login/access-token',
  body: { access_token: 'tok-ada', token_type: 'bearer', expires_in: 864000 } satisfies TokenResponse,
};
const signedIn = (extra: Route[] = [], subscription: SubscriptionStatus | null = null): Route[] => [
  tokenRoute,
  { method: 'POST', path: '/login/test-token', body: USER },
  { method: 'GET', path: '/users/me', body: USER },
  {
    method: 'GET',
    path: '/subscriptions/status',
    body: testSubscription({ subscription_status: subscription }),
  },
  ...extra,
];
const wrongPassword = (failed: number): Route => ({
  method: 'POST',
  path: '/login/access-token',
  status: 401,
  body: {
    detail: 'Incorrect email or password. Please try again.',
    code: 'INVALID_CREDENTIALS',
    failed_login_attempts: failed,
    remaining_attempts: 5 - failed,
    ...(failed >= 3 ? { warning: { title: 'Login Failed - Warning', message: 'x' } } : {}),
  },
});

async function fillAndSubmit(
  email: string,
  password: string,
  options: { remember?: boolean; fakeTimers?: boolean } = {},
) {
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (options.remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

/**
 * Whether the toast is still there shortly before `at` ms and gone shortly after (fake timers):
 * the duration of docs/product.md#timing. The toast appeared a few real milliseconds before this runs.
 */
function shownFor(text: string) {
  const present = () => toasts().some((t) => t.text.includes(text) && t.element.dataset.state === 'open');
  const durations = [TOAST_WARNING_MS, TOAST_LOCK_MS];
  let at = 0;
  let before = false;
  let after = true;
  for (const duration of durations) {
    act(() => vi.advanceTimersByTime(duration - 400 - at));
    at = duration - 400;
    if (!present()) break;
    before = true;
    act(() => vi.advanceTimersByTime(800));
    at += 800;
    after = present();
    if (!after) return { before, after, at: duration };
  }
  return { before, after, at };
}

describe('login screen', () => {
  it('has labelled fields with autocomplete, remember me and the two links', async () => {
    renderShell('/login');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth/password-reset',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it("refuses an invalid address with the spec's message, tied to the field, focused, and sends nothing", async () => {
    const api = fakeApi([]);
    renderShell('/');
    await fillAndSubmit('ada@nowhere', 'Secret#123');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('Enter a valid email address.');
    expect(api.requests).toHaveLength(0);
  });

  it('asks for the password when it is empty', async () => {
    fakeApi([]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', '');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('a wrong password: the error toast with the words of docs/product.md#error-messages and a try-again action', async () => {
    const api = fakeApi([wrongPassword(1)]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Wrong#1234');
    const toast = await findToast('Error while signing in');
    expect(toast.text).toContain('Incorrect email or password. Please try again.');
    expect(toast.variant).toBe('destructive');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // The form went as the OAuth2 password form, without a token, without remember me.
    const body = new URLSearchParams(await api.requests[0]!.clone().text());
    expect(Object.fromEntries(body)).toEqual({
      username: 'ada@example.ch',
      password: 'Wrong#1234',
      grant_type: 'password',
      scope: '',
      remember_me: 'false',
    });
    expect(api.requests[0]!.headers.get('authorization')).toBeNull();
    expect(api.requests).toHaveLength(1);
  });

  it('a wrong password also stays on the form, tied to the password field, until the person types again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi([wrongPassword(1)]);
    renderShell('/login');
    const user = await fillAndSubmit('ada@example.ch', 'Wrong#1234', { fakeTimers: true });
    await findToast('Error while signing in');
    const password = screen.getByLabelText('Password');
    const said = () => {
      const ids = password.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    };
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(said()).toContain('Incorrect email or password. Please try again.');
    expect(
      screen.getAllByRole('alert').some((a) => a.textContent?.includes('Incorrect email or password')),
    ).toBe(true);
    // The toast goes; the message on the form does not.
    act(() => vi.advanceTimersByTime(TOAST_LOCK_MS + 1000));
    expect(toasts().some((t) => t.element.dataset.state === 'open')).toBe(false);
    expect(said()).toContain('Incorrect email or password. Please try again.');
    await user.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(said()).not.toContain('Incorrect');
  });

  it('the attempts left are on the form too, and a network failure shows above the fields', async () => {
    fakeApi([wrongPassword(3)]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Wrong#1234');
    const password = screen.getByLabelText('Password');
    await waitFor(() =>
      expect(document.getElementById(`${password.id}-error`)?.textContent).toBe(
        'Incorrect email or password. 2 attempts remaining before your account is temporarily locked.',
      ),
    );
    cleanup();
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Network error'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(alert.textContent).toContain('Error while signing in');
  });

  it('a second Enter while the first attempt runs is not a second attempt', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = installFakeFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderShell('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Wrong#1234{Enter}');
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    answer(jsonResponse(401, { detail: 'Incorrect', code: 'INVALID_CREDENTIALS', failed_login_attempts: 1 }));
    await findToast('Error while signing in');
    expect(requests).toHaveLength(1);
  });

  it('from 3 failed attempts: "Login Failed - Warning" with the attempts remaining, for 8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi([wrongPassword(3)]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Wrong#1234', { fakeTimers: true });
    const toast = await findToast('Login Failed - Warning');
    expect(toast.text).toContain('2 attempts remaining before your account is temporarily locked.');
    expect(toast.variant).toBe('destructive');
    expect(shownFor('Login Failed - Warning')).toEqual({ before: true, after: false, at: TOAST_WARNING_MS });
  });

  it('one attempt left says "1 attempt"', async () => {
    fakeApi([wrongPassword(4)]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Wrong#1234');
    expect((await findToast('Login Failed - Warning')).text).toContain('1 attempt remaining');
  });

  it('locked: "Account Temporarily Locked" with the wait in minutes and contact support, for 10 s', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/login/access-token',
        status: 403,
        body: {
          detail: 'Too many failed sign-in attempts…',
          code: 'ACCOUNT_LOCKED',
          locked_until: new Date(Date.now() + 15 * 60_000).toISOString(),
          lock_minutes: 15,
          failed_login_attempts: 5,
          remaining_attempts: 0,
        },
      },
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Wrong#1234', { fakeTimers: true });
    const toast = await findToast('Account Temporarily Locked');
    expect(toast.text).toContain('Please try again in 15 minutes');
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeTruthy();
    // The lock also stays on the screen, with a support link, after the toast has gone.
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Account Temporarily'));
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('mailto:support@innerview.ch');
    expect(shownFor('Account Temporarily Locked')).toEqual({ before: true, after: false, at: TOAST_LOCK_MS });
  });

  it('an unverified address: a clear message and a resend that sends the address', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/login/access-token',
        status: 403,
        body: { detail: 'Please verify your email address before signing in.', code: 'EMAIL_NOT_VERIFIED' },
      },
      { method: 'POST', path: '/users/verify/resend', body: { message: 'If…' } satisfies MessageResponse },
    ]);
    renderShell('/login');
    const user = await fillAndSubmit('ada@example.ch', 'Secret#123');
    expect(await screen.findByText('Please verify your email address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await findToast('Verification Email Sent')).variant).toBe('success');
    const resend = api.calls('POST', '/users/verify/resend');
    expect(await resend[0]!.clone().json()).toEqual({ email: 'ada@example.ch' });
  });

  it('a deleted account: login is refused with the deletion message and a way to contact support', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/login/access-token',
        status: 403,
        body: { detail: 'This account has been deleted.', code: 'ACCOUNT_DELETED' },
      },
    ]);
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    const alert = (await screen.findByText('Account deleted')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('To reactivate it within 90 days, contact support.');
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('mailto:support@innerview.ch');
  });

  it('a failed resend says "Failed to Send Email"', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/login/access-token',
        status: 403,
        body: { detail: 'x', code: 'EMAIL_NOT_VERIFIED' },
      },
      { method: 'POST', path: '/users/verify/resend', status: 429, body: { detail: 'Too many' } },
    ]);
    renderShell('/login');
    const user = await fillAndSubmit('ada@example.ch', 'Secret#123');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    const toast = await findToast('Failed to Send Email');
    expect(toast.text).toContain('Rate limit exceeded');
  });

  it('a network failure says so', async () => {
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    expect((await findToast('Error while signing in')).text).toContain(
      'Network error. Please check your connection.',
    );
  });

  it('remember me: the 10-day login; a new user without a plan goes to /pricing (postLoginRoute)', async () => {
    const api = fakeApi(signedIn());
    const { router, store } = renderShell('/login');
    await fillAndSubmit('Ada@Example.ch ', 'Secret#123', { remember: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    const body = new URLSearchParams(await api.requests[0]!.clone().text());
    expect(body.get('remember_me')).toBe('true');
    expect(body.get('username')).toBe('Ada@Example.ch');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-ada');
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBe('true');
    expect(readToken()).toBe('tok-ada');
    expect(store.getState().session.status).toBe('authenticated');
    expect(api.calls('POST', '/login/test-token')[0]!.headers.get('authorization')).toBe('Bearer tok-ada');
  });

  it('without remember me the token is kept for this browser session only (session storage)', async () => {
    fakeApi(signedIn());
    const { router } = renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-ada');
    expect(readToken()).toBe('tok-ada');
  });

  it('onboarding completed and an active plan: /chat', async () => {
    fakeApi([
      tokenRoute,
      { method: 'POST', path: '/login/test-token', body: USER },
      {
        method: 'GET',
        path: '/users/me',
        body: testUser({ onboarded: true }),
      },
      {
        method: 'GET',
        path: '/subscriptions/status',
        body: testSubscription({ subscription_status: 'monthly' }),
      },
    ]);
    const { router } = renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('a questionnaire left at step 3: /onboarding/questionnaire?step=3', async () => {
    fakeApi(
      signedIn(
        [
          {
            method: 'GET',
            path: '/questionnaire/status',
            body: testQuestionnaireStatus({ answered_steps: [1, 2] }),
          },
        ],
        'freemium',
      ),
    );
    const { router } = renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/questionnaire'));
    expect(router.state.location.search).toBe('?step=3');
  });

  it('an expired subscription: /auth/subscription-expired', async () => {
    fakeApi(signedIn([], 'expired'));
    const { router } = renderShell('/login');
    await fillAndSubmit('ada@example.ch', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/subscription-expired'));
  });

  it('speaks French', async () => {
    fakeApi([wrongPassword(3)]);
    renderShell('/login', { lng: 'fr' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.ch');
    await user.type(screen.getByLabelText('Mot de passe'), 'Faux#1234');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await findToast('Échec de la connexion - Avertissement')).text).toContain(
      'Il vous reste 2 tentatives',
    );
    expect(screen.getByRole('link', { name: 'Mot de passe oublié\u00a0?' })).toBeTruthy();
  });
});
