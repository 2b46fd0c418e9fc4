import { randomUUID } from 'node:crypto';
import { eventually } from '@innerview/kit/testing/eventually';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, type ViewportName, watchPageErrors } from './browser.ts';
import { CLIENT_HEADERS } from './client.ts';
import type { E2E } from './product-fixture.ts';

/** The password every made-up person of the browser tests signs up with (meets the sign-up rule). */
export const PASSWORD = 'Analytical1';

export type ApiInit = RequestInit & { token?: string; json?: unknown };

/**
 * A call to the product's HTTP API from this file's address (client.ts): `token` becomes the
 * bearer header, `json` the JSON body.
 */
export function callApi(baseUrl: string, path: string, init: ApiInit = {}): Promise<Response> {
  const headers = new Headers({ ...CLIENT_HEADERS });
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

/** Asks `check` every 250 ms until it returns a value (services learn of each other by events). */
export function poll<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return eventually(check, { timeoutMs, what, intervalMs: 250 });
}

/** `POST /login/access-token` as the login form sends it. */
export function logInByApi(baseUrl: string, email: string, password = PASSWORD): Promise<Response> {
  return callApi(baseUrl, '/api/v1/login/access-token', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }),
  });
}

export type Person = { email: string; password: string; token: string };

export type PersonOptions = {
  firstName: string;
  /** Start of the made-up address, so a failing test's person can be told apart in the logs. */
  emailPrefix: string;
  language?: string;
  /** Start the free trial (billing learns of the account by an event, so this waits for it). */
  trial?: boolean;
  /** Also wait until chat lets the person write (chat learns of the trial by an event). */
  chatReady?: boolean;
};

/**
 * A verified, logged-in account made through the API as a person would through the screens:
 * sign up, open the link of the verification mail (dev mailbox), log in; then, as asked, start the
 * trial and wait until chat accepts a message.
 */
export async function createPerson(baseUrl: string, options: PersonOptions): Promise<Person> {
  const api = (path: string, init?: ApiInit) => callApi(baseUrl, path, init);
  const email = `${options.emailPrefix}-${randomUUID().slice(0, 8)}@example.ch`;
  const signup = await api('/api/v1/users/signup', {
    method: 'POST',
    json: {
      first_name: options.firstName,
      last_name: 'Tester',
      email,
      date_of_birth: '1990-12-10',
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms_accepted: true,
      privacy_accepted: true,
      language: options.language ?? 'en',
    },
  });
  expect(signup.status).toBe(201);
  const verification = await poll('verification mail', async () => {
    const mails = (await (await api(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
      links: string[];
    }>;
    const link = mails.flatMap((mail) => mail.links).find((l) => l.includes('verification-success'));
    return link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
  });
  expect((await api('/api/v1/users/verify', { method: 'POST', json: { token: verification } })).status).toBe(
    200,
  );
  const login = await logInByApi(baseUrl, email);
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  if (options.trial || options.chatReady) {
    await poll('free trial', async () => {
      const response = await api('/api/v1/subscriptions/freemium/activate', { method: 'POST', token });
      return response.ok || response.status === 409 ? true : undefined;
    });
  }
  if (options.chatReady) {
    await poll('chat access', async () => {
      const response = await api('/api/v1/chat/', { method: 'POST', token, json: { message: 'Hello' } });
      return response.ok ? true : undefined;
    });
  }
  return { email, password: PASSWORD, token };
}

/** Puts the token where a "remember me" login puts it (api-client's saveToken). */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => {
    localStorage.setItem('access_token', value);
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 24 * 60 * 60 * 1000));
  }, token);
}

/**
 * A fresh context at `viewport` and a page in it signed in with `token` (not yet on any screen of
 * the product); the page's uncaught errors are collected in `errors`.
 */
export async function signedInPage(
  e2e: E2E,
  token: string,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(e2e.browser, e2e.url, viewport, options);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await useToken(page, token);
  return { context, page, errors };
}

/** Lets dialogs and drawers finish their animations before a screenshot. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
