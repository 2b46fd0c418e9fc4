import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newContext,
  screenshot,
  screenshotCombinations,
  type ViewportName,
  watchPageErrors,
} from './support/browser.ts';
import { callApi, createPerson, type Person, settle, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// The shell's top bar in a real Chromium against the product as `npm start` runs it: on a phone
// (390 × 844) it is one compact row above the chat, its areas and log out behind a "Menu" disclosure
// that the keyboard and a screen reader reach as a button (expanded or not); on a desktop every
// control stays in the row. Screenshots at both widths, light and dark, en and de.
const e2e = useProduct();

const TEXTS = {
  en: {
    menu: 'Menu',
    nav: 'Main navigation',
    links: ['Chat', 'My profile', 'Settings', 'Help hub'],
    logout: 'Log out',
  },
  de: {
    menu: 'Menü',
    nav: 'Hauptnavigation',
    links: ['Chat', 'Mein Profil', 'Einstellungen', 'Hilfe-Center'],
    logout: 'Abmelden',
  },
} as const;

let person: Person | undefined;
async function signedIn(viewport: ViewportName, theme: 'light' | 'dark', language: 'en' | 'de') {
  person ??= await createPerson(e2e.url, { firstName: 'Mara', emailPrefix: 'e2e-header', trial: true });
  await callApi(e2e.url, '/api/v1/settings/me', {
    method: 'PUT',
    token: person.token,
    json: { language, theme },
  });
  const context = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: theme });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await useToken(page, person.token);
  // The help hub: on a phone the chat area has its own compact header instead (ADR 60).
  await page.goto('/help');
  await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
  await page.locator('.iv-shell-app__header').waitFor();
  return { context, page, errors };
}

const headerHeight = (page: Page) =>
  page.locator('.iv-shell-app__header').evaluate((node) => node.getBoundingClientRect().height);

describe('shell header', () => {
  const combinations = screenshotCombinations(['en', 'de'] as const, ['mobile', 'desktop']);

  it.each(combinations)('is one row (%s, %s, %s)', async (viewport, theme, language) => {
    const { context, page, errors } = await signedIn(viewport, theme, language);
    await settle(page);
    await screenshot(page, 'shell-header', viewport, `${language}-${theme}`);
    const header = page.locator('.iv-shell-app__header');
    const brand = await header.locator('.iv-shell-brand').boundingBox();
    // One row: nothing in the bar lies below the brand's row.
    const bottoms = await header
      .locator('a:visible, button:visible')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().top));
    for (const top of bottoms) expect(top).toBeLessThan(brand!.y + brand!.height);
    expect(await headerHeight(page)).toBeLessThanOrEqual(viewport === 'mobile' ? 56 : 72);

    const texts = TEXTS[language];
    if (viewport === 'mobile') {
      const menu = header.getByRole('button', { name: texts.menu });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await settle(page);
      await screenshot(page, 'shell-header-menu', viewport, `${language}-${theme}`);
    }
    const nav = header.getByRole('navigation', { name: texts.nav });
    for (const name of texts.links) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: texts.logout }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the menu works from the keyboard: Enter opens, Escape closes and returns focus, a link closes it', async () => {
    const { context, page, errors } = await signedIn('mobile', 'light', 'en');
    const header = page.locator('.iv-shell-app__header');
    const menu = header.getByRole('button', { name: 'Menu' });
    // Closed, the areas are out of the tab order and of the accessibility tree.
    expect(await header.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Chat');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((node) => node === document.activeElement)).toBe(true);

    await menu.click();
    await header.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    // A tap outside closes it too.
    await menu.click();
    await page.mouse.click(200, 600);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    await header.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
