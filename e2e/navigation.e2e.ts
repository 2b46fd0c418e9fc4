import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { everyPair, newContext, SCREENSHOT_DIR, watchPageErrors } from './support/browser.ts';
import { callApi, createPerson, type Person, settle, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// One navigation per size (ADR 60): on a desktop the chat sidebar holds the chat's own items and
// the top bar the rest, nothing twice; on a phone one menu, with the questionnaire reminder and the
// trial days in view without opening it. Screenshots of the main screens at 1280, 390 and 360 px.
const e2e = useProduct();

type Theme = 'light' | 'dark';
type Language = 'en' | 'fr' | 'de';
const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone390: { width: 390, height: 844 },
  phone360: { width: 360, height: 740 },
} as const;
type Width = keyof typeof WIDTHS;

let person: Person | undefined;
async function open(width: Width, theme: Theme, language: Language, path = '/chat') {
  person ??= await createPerson(e2e.url, { firstName: 'Noa', emailPrefix: 'e2e-nav', trial: true });
  await callApi(e2e.url, '/api/v1/settings/me', {
    method: 'PUT',
    token: person.token,
    json: { language, theme },
  });
  const context = await newContext(e2e.browser, e2e.url, width === 'desktop' ? 'desktop' : 'mobile', {
    colorScheme: theme,
    viewport: WIDTHS[width],
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await useToken(page, person.token);
  await page.goto(path);
  await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
  return { context, page, errors };
}

/** A screenshot under artifacts/screenshots/nav/, and axe-core finds nothing on the screen shown. */
async function shoot(page: Page, name: string) {
  mkdirSync(path.join(SCREENSHOT_DIR, 'nav'), { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'nav', `${name}.png`), fullPage: false });
  // Asked until the page is still: a button caught in its colour transition (a plan's status
  // arriving re-styles it) reads as low contrast for a moment; a lasting violation still fails.
  await expect.poll(() => axeViolations(page), { message: name, timeout: 30_000 }).toEqual([]);
}

/** The address of every visible link, and how many menus (disclosure buttons) and nav landmarks show. */
async function visibleNavigation(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const inert = (el: Element) => el.closest('[aria-hidden="true"], [inert]') !== null;
    const shown = (selector: string) =>
      [...document.querySelectorAll(selector)].filter((el) => visible(el) && !inert(el));
    return {
      // Links of the navigation: in a nav landmark or a menu (the brand is the way home, not an item).
      links: shown('nav a[href], [role="dialog"] a[href]').map(
        (a) => new URL((a as HTMLAnchorElement).href).pathname,
      ),
      menus: shown('button[aria-expanded]').length,
      navs: shown('nav, [role="navigation"]').length,
      logOuts: shown('button').filter((b) =>
        /^(Log out|Se déconnecter|Abmelden)$/.test(b.textContent?.trim() ?? ''),
      ).length,
    };
  });
}

const ACCOUNT_PATHS = ['/help', '/profile', '/settings'];

describe('one navigation per size', () => {
  it('on a desktop the top bar has the areas and log out, the chat sidebar only the chat: nothing twice', async () => {
    const { context, page, errors } = await open('desktop', 'light', 'en');
    const sidebar = page.getByTestId('chat-sidebar');
    await sidebar.getByTestId('sidebar-plan').waitFor();
    const shown = await visibleNavigation(page);
    for (const path of ACCOUNT_PATHS) expect(shown.links.filter((l) => l === path)).toHaveLength(1);
    expect(shown.logOuts).toBe(1);
    expect(shown.navs).toBe(1);
    expect(await sidebar.getByRole('link', { name: /Help hub|My profile|Settings/ }).count()).toBe(0);
    // The reminder follows the questionnaire's status, which may answer after the plan.
    await sidebar.getByTestId('questionnaire-reminder').waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['phone360', 'phone390'] as const)(
    'on a phone (%s) the chat shows one menu, the reminder and the trial days in view, a compact header',
    async (width) => {
      const { context, page, errors } = await open(width, 'light', 'en');
      const header = page.locator('.iv-chat-header');
      await page.getByTestId('sidebar-plan').waitFor();
      // In view without opening anything (it follows the questionnaire's status, which may answer
      // after the plan).
      await page.getByTestId('questionnaire-reminder').waitFor({ state: 'visible' });
      expect(await page.getByTestId('sidebar-plan').textContent()).toContain(
        '30 days left in your free trial',
      );
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
      let shown = await visibleNavigation(page);
      expect(shown.menus).toBe(1);
      expect(shown.navs).toBe(0);
      expect(await page.locator('.iv-shell-app__header').isVisible()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Open your chats and account' }).click();
      const drawer = page.getByRole('dialog', { name: 'Your chats and account' });
      await drawer.getByRole('link', { name: 'Settings' }).waitFor();
      await settle(page);
      shown = await visibleNavigation(page);
      expect(shown.navs).toBe(1);
      expect(shown.logOuts).toBe(1);
      expect(new Set(shown.links).size).toBe(shown.links.length);
      for (const path of ACCOUNT_PATHS) expect(shown.links).toContain(path);
      // The reminder and the trial are not repeated inside the menu.
      expect(await drawer.getByTestId('questionnaire-reminder').count()).toBe(0);
      expect(await drawer.getByTestId('sidebar-plan').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await drawer.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL('**/settings');
      // Outside the chat the shell's bar is the one menu.
      await page.locator('main h1').first().waitFor();
      shown = await visibleNavigation(page);
      expect(shown.menus).toBe(1);
      expect(shown.navs).toBe(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      shown = await visibleNavigation(page);
      expect(shown.navs).toBe(1);
      expect(new Set(shown.links).size).toBe(shown.links.length);
      for (const path of ['/chat', ...ACCOUNT_PATHS]) expect(shown.links).toContain(path);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('screenshots', () => {
  // Every width in every language, the theme alternating, so each pair of width, theme and
  // language is seen (nine runs, not eighteen; ADR 83).
  const combos = everyPair(
    Object.keys(WIDTHS) as Width[],
    ['en', 'fr', 'de'] as const,
    ['light', 'dark'] as const,
  ).map(([width, language, theme]): [Width, Theme, Language] => [width, theme, language]);
  it.each(combos)('%s %s %s', async (width, theme, language) => {
    const { context, page } = await open(width, theme, language);
    await page.locator('.iv-chat-header').waitFor();
    await shoot(page, `chat-${width}-${theme}-${language}`);
    if (width !== 'desktop') {
      await page.locator('button[aria-expanded]:visible').click();
      await shoot(page, `menu-${width}-${theme}-${language}`);
      await page.keyboard.press('Escape');
    }
    await page.goto('/settings');
    await page.locator('main h1').first().waitFor();
    await shoot(page, `settings-${width}-${theme}-${language}`);
    await page.goto('/pricing');
    await page.locator('h1').first().waitFor();
    await shoot(page, `pricing-${width}-${theme}-${language}`);
    await page.goto('/no-such-page');
    await page.locator('h1').first().waitFor();
    await shoot(page, `404-${width}-${theme}-${language}`);
    await context.close();
  });
});
