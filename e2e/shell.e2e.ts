import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, type ViewportName, watchPageErrors } from './support/browser.ts';
import { useProduct } from './support/product-fixture.ts';

const e2e = useProduct();
const viewports: ViewportName[] = ['desktop', 'mobile'];

function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/** Relative luminance of the body's background (0 black … 1 white). */
function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

describe('shell', () => {
  it.each(viewports)('?lang=fr switches the language and survives a reload (%s)', async (viewport) => {
    const context = await newContext(e2e.browser, e2e.url, viewport);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto('/login');
    await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    await screenshot(page, 'login', viewport);

    await page.goto('/login?lang=fr');
    await mainHeading(page).getByText('Connexion').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await expect(page.title()).resolves.toBe('Connexion · Innerview');

    await page.goto('/login');
    await mainHeading(page).getByText('Connexion').waitFor();
    await page.reload();
    await mainHeading(page).getByText('Connexion').waitFor();
    await page.getByRole('link', { name: "Conditions d'utilisation" }).waitFor();
    await screenshot(page, 'login-fr', viewport);

    // The language links of the footer switch too, and that choice is kept as well.
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Deutsch' }).click();
    await mainHeading(page).getByText('Anmelden').waitFor();
    await page.goto('/signup');
    await mainHeading(page).getByText('Konto erstellen').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(viewports)(
    'the dark theme applies, from the device preference or the stored choice (%s)',
    async (viewport) => {
      const dark = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: 'dark' });
      const page = await dark.newPage();
      await page.goto('/login');
      await mainHeading(page).waitFor();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await backgroundLuminance(page)).toBeLessThan(0.05);
      await screenshot(page, 'login', viewport, 'dark');
      await page.goto('/nowhere?lang=fr');
      await page.getByTestId('not-found').waitFor();
      await screenshot(page, 'not-found-fr', viewport, 'dark');
      await dark.close();

      // A device that prefers light, but the user chose dark (the theme kept in local storage).
      const light = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: 'light' });
      await light.addInitScript(() => localStorage.setItem('innerview.theme', 'dark'));
      const chosen = await light.newPage();
      await chosen.goto('/login');
      await mainHeading(chosen).waitFor();
      expect(await chosen.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await backgroundLuminance(chosen)).toBeLessThan(0.05);
      await light.close();
    },
  );

  it.each(viewports)(
    "an unknown path shows the 404 page; 'Go Back' and 'Go to Home' work (%s)",
    async (viewport) => {
      const context = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: 'light' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);

      await page.goto('/signup');
      await mainHeading(page).getByText('Create your account').waitFor();
      await page.goto('/this/page/does-not-exist');
      const notFound = page.getByTestId('not-found');
      await notFound.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await screenshot(page, 'not-found', viewport);

      await notFound.getByRole('button', { name: 'Go Back' }).click();
      await mainHeading(page).getByText('Create your account').waitFor();
      expect(new URL(page.url()).pathname).toBe('/signup');

      await page.goto('/another/unknown/path');
      await page.getByTestId('not-found').getByRole('button', { name: 'Go to Home' }).click();
      await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a guarded route sends a visitor who is not signed in to the login page', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByRole('main').getByRole('heading', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
