import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newContext,
  screenshot,
  screenshotCombinations,
  toast,
  type ViewportName,
  watchPageErrors,
} from './support/browser.ts';
import { useProduct } from './support/product-fixture.ts';

const e2e = useProduct();

type Mail = { id: string; to: string; subject: string; text: string; links: string[]; sentAt: string };

/** The dev mailbox of the embedded product (`GET /dev/mail`, newest first), waited on until `pick` finds one. */
async function waitForMail(page: Page, to: string, pick: (mail: Mail) => boolean): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await page.request.get(`/dev/mail?to=${encodeURIComponent(to)}`);
    expect(answer.status()).toBe(200);
    const found = ((await answer.json()) as Mail[]).find((mail) => mail.to === to && pick(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail for ${to} in the dev mailbox`);
    // A poll interval while waiting for the mail, not a pause.
    await page.waitForTimeout(50);
  }
}

function linkTo(mail: Mail, path: string): string {
  const link = mail.links.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/** The top bar's Log out: on /chat the chat sidebar has one too, once its remote has loaded. */
function topBarLogOut(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Log out' });
}

async function logIn(page: Page, email: string, password: string, rememberMe = false) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function pathname(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

/**
 * The pricing screens are not built yet: the free trial is started through the API with the
 * token the login stored, so the main layout (and its Log out) opens.
 */
async function startFreeTrial(page: Page) {
  const status = await page.evaluate(async () => {
    const token = localStorage.getItem('access_token');
    const answer = await fetch('/api/v1/subscriptions/freemium/activate', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.status;
  });
  expect(status).toBeLessThan(300);
}

describe('accounts', () => {
  it('sign up, verify by mail, log in with remember me, stay signed in, lock out, reset by mail, log out everywhere', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const email = `ada.${Date.now()}@example.ch`;
    const password = 'Secret#2025';
    const newPassword = 'Better#2026';

    // Sign up.
    await page.goto('/signup');
    await mainHeading(page).getByText('Create your account').waitFor();
    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Date of birth').fill('1990-12-10');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('checkbox', { name: /General Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await mainHeading(page).getByText('Check your inbox').waitFor();
    expect(await pathname(page)).toBe('/auth/verification-sent');
    await toast(page, 'Account Created Successfully').waitFor();
    await page.getByText(email).waitFor();

    // The verification mail, from the dev mailbox; its link verifies the address.
    const welcome = await waitForMail(page, email, (mail) =>
      mail.links.some((href) => href.includes('/auth/verification-success?token=')),
    );
    await page.goto(linkTo(welcome, '/auth/verification-success'));
    await mainHeading(page).getByText('Your email address is verified').waitFor();
    await toast(page, 'Email Verified').waitFor();

    // Log in with remember me: a new user without a plan goes to /pricing (post-login routing).
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    await logIn(page, email, password, true);
    await page.waitForURL('**/pricing');
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('true');

    // A reload keeps the session.
    await page.reload();
    await mainHeading(page).getByText('Choose your plan').waitFor();
    expect(await pathname(page)).toBe('/pricing');

    // Log out (from the main layout, once a plan gives access to it). A remembered login is
    // shared with a second tab; logging out in one makes the other leave.
    await startFreeTrial(page);
    const other = await context.newPage();
    await other.goto('/settings');
    await other.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto('/chat');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await topBarLogOut(page).click();
    await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    await toast(page, 'Logged Out').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await other.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await pathname(other)).toBe('/');
    await other.close();

    // Three wrong passwords: the warning with the attempts left.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await logIn(page, email, `Wrong#${attempt}000`);
      await toast(page, attempt < 3 ? 'Error while signing in' : 'Login Failed - Warning').waitFor();
    }
    await toast(page, '2 attempts remaining before your account is temporarily locked.').waitFor();
    await screenshot(page, 'accounts-login-warning', 'desktop');

    // The fifth locks the account, even for the right password.
    await logIn(page, email, 'Wrong#4000');
    await toast(page, '1 attempt remaining').waitFor();
    await logIn(page, email, 'Wrong#5000');
    const locked = toast(page, 'Account Temporarily Locked');
    await locked.waitFor();
    expect(await locked.textContent()).toContain('Please try again in 15 minutes');
    await locked.getByRole('button', { name: 'Contact support' }).waitFor();
    await screenshot(page, 'accounts-login-locked', 'desktop');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/login/access-token') && r.request().method() === 'POST',
    );
    await logIn(page, email, password);
    expect((await refused).status()).toBeGreaterThanOrEqual(400);
    await toast(page, 'Account Temporarily Locked').waitFor();
    // No navigation follows the refusal: the server gave no session, and the page stored none to
    // enter the app with.
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(['/', '/login']).toContain(await pathname(page));

    // Reset by mail: the request, the mail, the new password; the reset unlocks the account.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await mainHeading(page).getByText('Forgot your password?').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await mainHeading(page).getByText('Check your inbox').waitFor();
    const reset = await waitForMail(page, email, (mail) =>
      mail.links.some((href) => href.includes('/reset-password?token=')),
    );
    await page.goto(linkTo(reset, '/reset-password'));
    await mainHeading(page).getByText('Choose a new password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Password reset').waitFor();

    // The same link a second time is refused as used.
    const second = await context.newPage();
    await second.goto(linkTo(reset, '/reset-password'));
    await second.getByLabel('New password', { exact: true }).fill('Other#2027x');
    await second.getByLabel('Confirm new password').fill('Other#2027x');
    await second.getByRole('button', { name: 'Reset password' }).click();
    await mainHeading(second).getByText('Link not valid').waitFor();
    await second.close();

    // Log in with the new password, by keyboard only (not remembered this time).
    await page.getByRole('textbox', { name: 'Email' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    );
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Tab'); // the show-password toggle
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // remember me stays off
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('checkbox');
    await page.keyboard.press('Tab'); // forgot password?
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Log in');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();

    // Not remembered: the login stays in this tab (ADR 51); a second tab asks for a login.
    const newTab = await context.newPage();
    await newTab.goto('/settings');
    await newTab.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    await newTab.close();
    await page.goto('/chat');
    await topBarLogOut(page).click();
    await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unverified address cannot log in: a clear message and a resend', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'mobile', { colorScheme: 'light' });
    const page = await context.newPage();
    const email = `grace.${Date.now()}@example.ch`;
    const answer = await page.request.post('/api/v1/users/signup', {
      data: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        date_of_birth: '1985-12-09',
        password: 'Secret#2025',
        confirm_password: 'Secret#2025',
        terms_accepted: true,
        privacy_accepted: true,
        language: 'en',
      },
    });
    expect(answer.status()).toBe(201);
    await page.goto('/login');
    await logIn(page, email, 'Secret#2025');
    await page.getByRole('alert').filter({ hasText: 'Please verify your email address' }).waitFor();
    await screenshot(page, 'accounts-login-unverified', 'mobile');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await toast(page, 'Verification Email Sent').waitFor();
    await waitForMail(page, email, (mail) => mail.links.length > 0 && mail.sentAt !== '');
    await context.close();
  });

  const looks = screenshotCombinations(['en', 'fr'] as const);

  /** Screenshot, and nothing wider than the screen (phones of 360–390 px included). */
  async function shoot(page: Page, name: string, viewport: ViewportName, suffix?: string) {
    await screenshot(page, name, viewport, suffix);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  }

  it.each(looks)('the screens as they look: %s, %s, %s', async (viewport, theme, lng) => {
    const context: BrowserContext = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: theme });
    await context.addInitScript(() =>
      sessionStorage.setItem('innerview.pendingVerificationEmail', 'ada.lovelace@example.ch'),
    );
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const suffix =
      [theme === 'dark' ? 'dark' : '', lng === 'fr' ? 'fr' : ''].filter(Boolean).join('-') || undefined;
    const fr = lng === 'fr';

    await page.goto(`/login?lang=${lng}`);
    await mainHeading(page)
      .getByText(fr ? 'Connexion' : 'Log in')
      .waitFor();
    await shoot(page, 'accounts-login', viewport, suffix);

    await page.goto('/signup');
    await mainHeading(page)
      .getByText(fr ? 'Créer votre compte' : 'Create your account')
      .waitFor();
    await page.getByRole('textbox', { name: fr ? 'E-mail' : 'Email' }).fill('ada@nowhere');
    await page.getByLabel(fr ? 'Date de naissance' : 'Date of birth').fill('2015-06-01');
    await page.getByRole('button', { name: fr ? 'Créer mon compte' : 'Create account' }).click();
    await page
      .getByText(fr ? 'Vous devez avoir au moins 16 ans' : 'You must be at least 16 years old')
      .waitFor();
    // The first broken field has the focus, and every field with a problem is marked.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('first_name');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(8);
    await shoot(page, 'accounts-signup-errors', viewport, suffix);

    await page.goto('/auth/verification-sent');
    await page.getByText('ada.lovelace@example.ch').waitFor();
    await shoot(page, 'accounts-verification-sent', viewport, suffix);

    await page.goto('/auth/password-reset');
    await mainHeading(page)
      .getByText(fr ? /^Mot de passe oublié/ : 'Forgot your password?')
      .waitFor();
    await shoot(page, 'accounts-password-reset', viewport, suffix);

    await page.goto('/reset-password?token=e2e-look');
    await mainHeading(page)
      .getByText(fr ? 'Choisissez un nouveau mot de passe' : 'Choose a new password')
      .waitFor();
    await shoot(page, 'accounts-reset-password', viewport, suffix);

    await page.goto('/auth/terms-of-service');
    await page.getByRole('heading', { level: 2, name: fr ? 'Sommaire' : 'Contents' }).waitFor();
    expect(await page.getByRole('article').textContent()).toContain('12.09.2025');
    await shoot(page, 'accounts-terms-of-service', viewport, suffix);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone in the longest language (German)', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'mobile', {
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    for (const path of [
      '/login?lang=de',
      '/signup',
      '/auth/password-reset',
      '/reset-password?token=x',
      '/auth/privacy-policy',
    ]) {
      await page.goto(path);
      await mainHeading(page).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than 360 px`).toBeLessThanOrEqual(0);
    }
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByText('Das Geburtsdatum ist erforderlich').waitFor();
    await screenshot(page, 'accounts-signup-errors-360', 'mobile', 'de');
    await context.close();
  });
});
