import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { CLIENT_HEADERS } from './client.ts';
import { repoRoot } from './product.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, never a downloaded one. */
export function launchChromium(): Promise<Browser> {
  // Playwright's default --disable-dev-shm-usage puts Chromium's shared memory in files under
  // /tmp, on disk here; /dev/shm is a large tmpfs on this machine (about 8 % faster, ADR 83).
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-dev-shm-usage'],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = path.join(repoRoot, 'artifacts/screenshots');

/** A fresh context (own storage) for one scenario at one viewport, calling from this file's address. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    ...options,
    extraHTTPHeaders: { ...CLIENT_HEADERS, ...options.extraHTTPHeaders },
  });
}

/**
 * Every item of `rows` with every item of `columns`, each with one of `alternates` in turn
 * (`alternates[(row + column) % length]`). When `alternates` has no more items than `rows` or
 * `columns`, every pair of the three kinds is seen at least once: the look tests' table (ADR 83).
 */
export function everyPair<Row, Column, Alternate>(
  rows: readonly Row[],
  columns: readonly Column[],
  alternates: readonly Alternate[],
): Array<[Row, Column, Alternate]> {
  return rows.flatMap((row, r) =>
    columns.map((column, c): [Row, Column, Alternate] => [
      row,
      column,
      alternates[(r + c) % alternates.length]!,
    ]),
  );
}

/**
 * The screenshot tests' table: each viewport in each theme, each in one of `languages`, chosen so
 * that every pair of viewport, theme and language is seen (with two languages: desktop light in
 * the first, desktop dark in the second, phone light in the second, phone dark in the first).
 * Layout follows the width and the language's text, contrast the theme; no look found so far
 * depended on all three at once, and the full table took twice the browser time (ADR 83).
 */
export function screenshotCombinations<Language extends string>(
  languages: readonly Language[],
  viewports: readonly ViewportName[] = ['desktop', 'mobile'],
): Array<[ViewportName, 'light' | 'dark', Language]> {
  return everyPair(viewports, ['light', 'dark'] as const, languages);
}

/** `artifacts/screenshots/<name>-<desktop|mobile>[-<suffix>].png`, kept by CI. */
export async function screenshot(
  page: Page,
  name: string,
  viewport: ViewportName,
  suffix?: string,
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = `${[name, viewport, suffix].filter(Boolean).join('-')}.png`;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage: true });
}

/**
 * Collects what would otherwise be silent in a failing test: uncaught page errors. Console
 * messages are not collected: a deliberately failed request logs one and is no bug.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A toast with this text in the notifications region. A plain `getByText` also finds the
 * visually hidden copy that announces the toast to screen readers ("Notification …").
 */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });
}
