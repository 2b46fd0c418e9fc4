import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, watchPageErrors } from './support/browser.ts';
import { createPerson } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// Issue 18, item 10 (ADR 51): without "Remember me" closing the browser ends the session; with
// it, the login lasts 10 days. A browser that is closed and opened again is a new context given
// everything the old one kept on disk (its storage state: cookies, session cookies included, and
// local storage), but not its session storage.
const e2e = useProduct();

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function logIn(page: Page, email: string, password: string, rememberMe: boolean): Promise<void> {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await main.getByRole('checkbox', { name: 'Remember me' }).check();
  await main.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !['/', '/login'].includes(url.pathname));
}

/** Opens /settings: the main navigation when signed in, the login page at / when not. */
async function signedIn(page: Page): Promise<boolean> {
  await page.goto('/settings');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const login = page.getByRole('main').getByRole('heading', { name: 'Log in' });
  await navigation.or(login).first().waitFor();
  return navigation.isVisible();
}

/** Closes the browser and opens it again with what it kept on disk. */
async function reopen(browser: Browser, state: StorageState): Promise<BrowserContext> {
  return newContext(browser, e2e.url, 'desktop', { storageState: state });
}

describe('remember me', () => {
  it('without it, the session ends with the browser: a reopened browser is signed out', async () => {
    const person = await createPerson(e2e.url, {
      firstName: 'Ines',
      emailPrefix: 'remember-off',
      trial: true,
    });
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await logIn(page, person.email, person.password, false);
    expect(await signedIn(page)).toBe(true);
    // A reload keeps this browser session.
    await page.reload();
    expect(await signedIn(page)).toBe(true);
    const state = await context.storageState();
    await context.close();

    const reopened = await reopen(e2e.browser, state);
    expect(await signedIn(await reopened.newPage())).toBe(false);
    await reopened.close();
    // Nothing of it was kept where a browser restores from.
    expect(JSON.stringify(state)).not.toContain('access_token');
    // A browser with nothing kept at all is signed out too.
    const fresh = await newContext(e2e.browser, e2e.url, 'desktop');
    expect(await signedIn(await fresh.newPage())).toBe(false);
    await fresh.close();
    expect(errors).toEqual([]);
  });

  it('with it, a reopened browser is still signed in', async () => {
    const person = await createPerson(e2e.url, {
      firstName: 'Remo',
      emailPrefix: 'remember-on',
      trial: true,
    });
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await logIn(page, person.email, person.password, true);
    expect(await signedIn(page)).toBe(true);
    const state = await context.storageState();
    await context.close();

    const reopened = await reopen(e2e.browser, state);
    const again = await reopened.newPage();
    expect(await signedIn(again)).toBe(true);
    await reopened.close();
    expect(errors).toEqual([]);
  });
});
