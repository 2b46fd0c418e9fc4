import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, screenshotCombinations, watchPageErrors } from './support/browser.ts';
import { type ApiInit, callApi, createPerson, type Person, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// A long session in the chat remote (issue 7): it opens at its newest page and reads older pages
// as the person scrolls up, keeping what they were reading in place, with a spinner and a status
// for screen readers while a page is read. The offline coach answers at once, so that seeding
// 60 messages is quick; the trial quota does not run out on the way.
const e2e = useProduct({ env: { OFFLINE_COACH_DELAY_MS: '0', TRIAL_TOKEN_QUOTA: '1000000000' } });
const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);

const EXCHANGES = 30;
type Entry = { id: string; hidden: boolean };

let person: Person | undefined;
let sessionId = '';
let ids: string[] = [];

/** One person with a session of 60 messages (30 sent, 30 replies): a page of 50 and one of 10. */
async function longSession(): Promise<void> {
  if (person) return;
  person = await createPerson(e2e.url, { firstName: 'Lena', emailPrefix: 'pages', chatReady: true });
  let id: string | null = null;
  for (let i = 1; i <= EXCHANGES; i += 1) {
    const reply: Response = await api('/api/v1/chat/', {
      method: 'POST',
      token: person.token,
      json: { message: `Message ${i}: what I noticed about my week.`, session_id: id },
    });
    expect(reply.status).toBe(200);
    id = ((await reply.json()) as { session_id: string }).session_id;
  }
  sessionId = id!;
  const entries = (await (
    await api(`/api/v1/chat-sessions/${sessionId}/transcript`, { token: person.token })
  ).json()) as Entry[];
  ids = entries.filter((e) => !e.hidden).map((e) => e.id);
  expect(ids).toHaveLength(2 * EXCHANGES);
}

/** Older-page calls wait until released: the loading state stays on screen to be seen. */
async function holdOlderPages(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/transcript') && url.searchParams.has('before'),
    async (route: Route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

const list = (page: Page) => page.locator('.iv-chat-list');
const message = (page: Page, id: string) => page.locator(`[data-message-id="${id}"]`);
const scrollListTo = (page: Page, top: number) =>
  list(page).evaluate((el, y) => {
    el.scrollTop = y;
  }, top);
/** Message ids in the page, in order. */
const idsInPage = (page: Page) =>
  page
    .locator('article[data-message-id]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-message-id')!));

async function openAtEnd(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await useToken(page, person!.token);
  await page.goto(`/chat/${sessionId}`);
  await message(page, ids.at(-1)!).waitFor();
  return page;
}

describe('a long session in pages', () => {
  it('opens at its end, reads older pages on scrolling up without moving what is read, and holds every message once', async () => {
    await longSession();
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await openAtEnd(context);
    const errors = watchPageErrors(page);
    const release = await holdOlderPages(page);

    // Only the newest page was read: the oldest ten messages are not in the page.
    expect(await message(page, ids[0]!).count()).toBe(0);
    await scrollListTo(page, 0);
    // The oldest message read so far (the 11th) is at the top, the spinner above it, the status said.
    const anchor = message(page, ids[10]!);
    await anchor.waitFor();
    await page.getByTestId('older-loading').waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading earlier messages…' }).count())
      .toBe(1);
    const topBefore = (await anchor.boundingBox())!.y;

    release();
    await page.getByTestId('older-loading').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Earlier messages loaded.' }).count())
      .toBe(1);
    // What the person was reading stays where it was (the ten older messages went above it).
    await expect.poll(async () => Math.abs((await anchor.boundingBox())!.y - topBefore)).toBeLessThan(60);

    // Up to the first message, then down to the last: every message once, in order, none missing.
    await scrollListTo(page, 0);
    await message(page, ids[0]!).waitFor();
    const seen: string[] = [];
    for (let step = 0; step < 200; step += 1) {
      for (const id of await idsInPage(page)) if (!seen.includes(id)) seen.push(id);
      const atEnd = await list(page).evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
      if (atEnd && seen.includes(ids.at(-1)!)) break;
      await list(page).evaluate((el) => {
        el.scrollTop += 300;
      });
      await page.waitForTimeout(30);
    }
    expect(seen).toEqual(ids);
    const transcriptCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/transcript')) transcriptCalls.push(r.url());
    });
    // Down at the end, the first message has left the page (the list keeps only what is near).
    expect(await message(page, ids[0]!).count()).toBe(0);
    await scrollListTo(page, 0);
    // The list has drawn its top again: the same pass tells the conversation its start was reached,
    // which would mark older messages as loading and ask for them at once.
    await message(page, ids[0]!).waitFor();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // The whole session is read: at its top nothing more is asked for.
    expect(await page.getByTestId('older-loading').count()).toBe(0);
    expect(transcriptCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  const combinations = screenshotCombinations(['en', 'de'] as const);

  it.each(combinations)(
    'screenshot of an older page being read (%s, %s, %s)',
    async (viewport, theme, language) => {
      await longSession();
      await api('/api/v1/settings/me', { method: 'PUT', token: person!.token, json: { language, theme } });
      const context = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: theme });
      const page = await openAtEnd(context);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      const release = await holdOlderPages(page);
      await scrollListTo(page, 0);
      await page.getByTestId('older-loading').waitFor();
      await expect
        .poll(() =>
          page
            .getByTestId('older-loading')
            .textContent()
            .then((text) => text?.trim()),
        )
        .toBe(language === 'de' ? 'Frühere Nachrichten werden geladen…' : 'Loading earlier messages…');
      await screenshot(page, 'chat-older-loading', viewport, `${language}-${theme}`);
      release();
      await page.getByTestId('older-loading').waitFor({ state: 'detached' });
      await context.close();
    },
  );
});
