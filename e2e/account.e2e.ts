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
import {
  type ApiInit,
  callApi,
  createPerson,
  logInByApi as logInAt,
  poll,
  settle,
  signedInPage,
  type Person as User,
  useToken,
} from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// The account area in a real Chromium against the product as `npm start` runs it: settings kept
// across a logout and a login on another device, the FAQ in German, account deletion and the
// refused login after it; screenshots of the three screens at desktop and 390 px, light and dark,
// in English and German.
const e2e = useProduct();

const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);
const logInByApi = (email: string, password: string) => logInAt(e2e.url, email, password);
/** A verified account on the free trial. */
const createUser = (firstName: string) =>
  createPerson(e2e.url, { firstName, emailPrefix: 'e2e', trial: true });

function accountScreen(page: Page, screen: 'profile' | 'settings' | 'help') {
  return page.locator(`[data-remote="account"][data-screen="${screen}"]`);
}

async function logInThroughTheForm(
  page: Page,
  user: User,
  labels = { email: 'Email', password: 'Password', submit: 'Log in' },
) {
  const main = page.getByRole('main');
  await main.getByLabel(labels.email, { exact: true }).fill(user.email);
  await main.getByLabel(labels.password, { exact: true }).fill(user.password);
  await main.getByRole('button', { name: labels.submit }).click();
}

/** The token in either store (session storage alone without remember me, ADR 51). */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token'));
}

describe('account area', () => {
  it('keeps the language and theme chosen in settings across a logout and a login on another device', async () => {
    const user = await createUser('Ada');
    const {
      context: laptop,
      page,
      errors,
    } = await signedInPage(e2e, user.token, 'desktop', {
      colorScheme: 'light',
    });
    await page.goto('/settings');
    const settings = accountScreen(page, 'settings');
    await settings.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await screenshot(page, 'account-settings', 'desktop', 'en-light');

    // Applied at once in the page…
    await settings.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await settings.getByRole('radio', { name: 'Deutsch' }).check();
    await settings.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // …and saved to the account.
    await poll('saved settings', async () => {
      const saved = (await (await api('/api/v1/settings/me', { token: user.token })).json()) as {
        language: string;
        theme: string;
      };
      return saved.language === 'de' && saved.theme === 'dark' ? saved : undefined;
    });
    await screenshot(page, 'account-settings', 'desktop', 'de-dark');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await storedToken(page)).toBeNull();
    expect(errors).toEqual([]);
    await laptop.close();

    // Another device: nothing stored locally, a light device, the browser in English.
    const phone = await newContext(e2e.browser, e2e.url, 'mobile', { colorScheme: 'light', locale: 'en-US' });
    const second = await phone.newPage();
    await second.goto('/login');
    await logInThroughTheForm(second, user);
    await second.waitForURL((url) => !['/', '/login'].includes(url.pathname));
    await second.goto('/settings');
    const kept = accountScreen(second, 'settings');
    await kept.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await second.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await kept.getByRole('radio', { name: 'Dunkel' }).isChecked()).toBe(true);
    expect(await kept.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);
    await screenshot(second, 'account-settings-after-login', 'mobile', 'de-dark');
    await phone.close();
  });

  it('reads the FAQ in German, with the contact link', async () => {
    const user = await createUser('Bea');
    await api('/api/v1/settings/me', { method: 'PUT', token: user.token, json: { language: 'de' } });
    const { context, page, errors } = await signedInPage(e2e, user.token, 'desktop');
    await page.goto('/help');
    const help = accountScreen(page, 'help');
    await help.getByRole('heading', { level: 1, name: 'Hilfe-Center' }).waitFor();
    const billing = help.getByRole('region', { name: 'Abrechnung' });
    const question = billing.getByText('Wie funktioniert die kostenlose Testphase?');
    await question.click();
    await billing.getByText('Deine kostenlose Testphase dauert 30 Tage').waitFor();
    await help.getByRole('region', { name: 'Allgemein' }).waitFor();
    expect(await help.getByRole('link', { name: /Support/ }).getAttribute('href')).toBe(
      'mailto:support@innerview.ch',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes the account: login is refused afterwards, in the browser and through the API', async () => {
    const user = await createUser('Cleo');
    const { context, page, errors } = await signedInPage(e2e, user.token, 'mobile');
    await page.goto('/profile');
    const profile = accountScreen(page, 'profile');
    await profile.getByText(user.email).waitFor();

    await profile.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Login is blocked at once');
    await settle(page);
    await screenshot(page, 'account-delete-dialog', 'mobile', 'en-light');
    // Re-authentication: the dialog asks for the current password.
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();

    const deleted = page.getByRole('dialog', { name: 'Your account has been deleted' });
    await deleted.getByText('Login is no longer possible.').waitFor();
    await settle(page);
    await screenshot(page, 'account-deleted', 'mobile', 'en-light');
    expect(await storedToken(page)).toBeNull();
    await deleted.getByRole('button', { name: 'Go to the login page' }).click();

    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await logInThroughTheForm(page, user);
    const refusal = page.getByRole('alert').filter({ hasText: 'Account deleted' });
    await refusal.getByText('To reactivate it within 90 days, contact support.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/(login)?$/);
    expect(await storedToken(page)).toBeNull();

    const refused = await logInByApi(user.email, user.password);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_DELETED');
    // The old token is dead too.
    expect((await api('/api/v1/users/me', { token: user.token })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the questionnaire viewer and downloads the data export from the profile', async () => {
    const user = await createUser('Dora');
    await api('/api/v1/answers/', {
      method: 'POST',
      token: user.token,
      json: { question_key: 'question_1', answer_text: 'Curious, and a little tired.' },
    });
    // A conversation and a file, so that chat's and files' parts of the export have something.
    const session = await api('/api/v1/chat-sessions/', {
      method: 'POST',
      token: user.token,
      json: { session_title: 'Sunday planning' },
    });
    expect(session.status).toBe(201);
    const form = new FormData();
    form.set('file', new Blob(['Monday: rest. Tuesday: walk.'], { type: 'text/plain' }), 'week-plan.txt');
    const upload = await api('/api/v1/files/upload', { method: 'POST', token: user.token, body: form });
    expect(upload.status).toBe(200);
    const { context, page, errors } = await signedInPage(e2e, user.token, 'desktop', {
      acceptDownloads: true,
    });
    await page.goto('/profile');
    const profile = accountScreen(page, 'profile');

    await profile.getByRole('button', { name: 'View my answers' }).click();
    const viewer = page.getByRole('dialog', { name: 'My reflective questionnaire' });
    await viewer.getByText('Curious, and a little tired.').waitFor();
    await settle(page);
    await screenshot(page, 'account-questionnaire-viewer', 'desktop', 'en-light');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      profile.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^innerview-export-\d{4}-\d{2}-\d{2}\.json$/);
    // The whole file: the plain success message, not the one naming missing parts.
    await toast(page, 'Your data is downloading').waitFor();
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const file = JSON.parse(await readFile(path, 'utf8'));
    expect(file.sections.auth.data.profile.email).toBe(user.email);
    expect(file.sections.questionnaire.status).toBe('included');
    expect(file.sections.notifications.status).toBe('included');
    expect(file.sections.questionnaire.data.answers[0].answer_text).toBe('Curious, and a little tired.');
    // Every service answers now: nothing is marked unavailable.
    for (const [name, section] of Object.entries(file.sections as Record<string, { status: string }>))
      expect(section.status, name).toBe('included');
    expect(file.sections.billing.data.subscription).toMatchObject({ status: 'freemium', plan: 'freemium' });
    expect(file.sections.billing.data.history[0]).toMatchObject({ transition: 'activateTrial' });
    expect(file.sections.chat.data.sessions).toEqual([
      expect.objectContaining({ session_title: 'Sunday planning', deleted: false, messages: [] }),
    ]);
    expect(file.sections.files.data.files).toEqual([
      expect.objectContaining({ name: 'week-plan.txt', type: 'text/plain', size_bytes: 28 }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('screenshots', () => {
    const combinations = screenshotCombinations(['en', 'de'] as const);

    let user: User | undefined;
    const shoot = async (context: BrowserContext, viewport: ViewportName, suffix: string) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, user!.token);
      for (const screen of ['profile', 'settings', 'help'] as const) {
        await page.goto(`/${screen}`);
        await accountScreen(page, screen).getByRole('heading', { level: 1 }).waitFor();
        // The profile's sections arrive after its first call.
        if (screen === 'profile') {
          await accountScreen(page, screen).getByTestId('delete-account').waitFor();
          // The questionnaire viewer's button is ready once its chunk is in.
          await accountScreen(page, screen)
            .locator('button[aria-busy="true"]')
            .waitFor({ state: 'detached' });
        }
        if (screen === 'help') await page.getByText('support@innerview.ch', { exact: true }).waitFor();
        await screenshot(page, `account-${screen}`, viewport, suffix);
      }
      expect(errors).toEqual([]);
    };

    it.each(combinations)(
      'of profile, settings and help hub (%s, %s, %s)',
      async (viewport, theme, language) => {
        user ??= await createUser('Emma');
        await api('/api/v1/settings/me', { method: 'PUT', token: user.token, json: { language, theme } });
        const context = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: theme });
        await shoot(context, viewport, `${language}-${theme}`);
        const page = context.pages()[0]!;
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        await context.close();
      },
    );
  });
});
