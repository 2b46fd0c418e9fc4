import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newContext, SCREENSHOT_DIR, VIEWPORTS, watchPageErrors } from './support/browser.ts';
import { callApi, createPerson, type Person, poll, settle, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// Search across chats, then edit the last message and look at the earlier version (issue 19,
// items 4 and 5; ADR 0058), in a real Chromium against the product, in English and Italian.
const e2e = useProduct({ env: { OFFLINE_COACH_DELAY_MS: '5' } });

const cases = {
  en: {
    first: 'I always feel calm at the little café by the lake.',
    other: 'Tomorrow I have a long meeting with my team.',
    query: 'CAFE lake',
    marked: 'café',
    edited: 'I always feel calm when I walk by the lake.',
    replied: 'Your coach has replied.',
  },
  it: {
    // Not "Mi sento più tranquilla quando cammino…": the safety detector flags it (a false alarm,
    // reported), and the care reply would be the version shown.
    first: 'Mi piace leggere in città la sera, più che di giorno.',
    other: 'Domani ho una riunione lunga con la mia squadra.',
    query: 'citta PIU',
    marked: 'città',
    edited: 'Mi sento più tranquilla quando leggo un libro la sera.',
    replied: 'Il tuo coach ha risposto.',
  },
} as const;

type Entry = { id: string; role: string; content: string; streaming?: boolean };

/** `artifacts/screenshots/search/<name>-<language>-<viewport>-<scheme>.png`. */
async function shoot(page: Page, name: string, language: string, scheme: 'light' | 'dark') {
  const dir = path.join(SCREENSHOT_DIR, 'search');
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await settle(page);
  await page.screenshot({ path: path.join(dir, `${name}-${language}-${width}-${scheme}.png`) });
}

async function storedReply(user: Person, sessionId: string): Promise<Entry[]> {
  return poll('reply kept', async () => {
    const response = await callApi(e2e.url, `/api/v1/chat-sessions/${sessionId}/transcript`, {
      token: user.token,
    });
    const entries = (await response.json()) as Entry[];
    return entries.at(-1)?.role === 'assistant' && !entries.some((e) => e.streaming) ? entries : undefined;
  });
}

async function send(page: Page, text: string, replied: string): Promise<void> {
  const box = page.locator('textarea.iv-chat-composer__input');
  await box.fill(text);
  await box.press('Enter');
  await page.getByRole('status').filter({ hasText: replied }).waitFor({ state: 'attached' });
}

const sessionOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

/** Opens the sidebar drawer on a phone; the column is always there on a wide screen. */
async function sidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.locator('.iv-chat-header__menu').click();
  return page.getByTestId('chat-sidebar');
}

describe('search and versions', () => {
  for (const language of ['en', 'it'] as const) {
    it(`finds an earlier message and opens it marked, then edits the last message and shows the earlier version (${language})`, async () => {
      const texts = cases[language];
      const user = await createPerson(e2e.url, {
        firstName: 'Sol',
        emailPrefix: 'search',
        language,
        chatReady: true,
      });
      const context = await newContext(e2e.browser, e2e.url, 'desktop', { locale: language });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, user.token);

      // Two chats: the one to find, and a later one that is open when the person searches.
      await page.goto('/chat');
      await send(page, texts.first, texts.replied);
      await page.waitForURL(/\/chat\/[^/]+$/);
      const found = sessionOf(page);
      const firstId = (await storedReply(user, found)).find((e) => e.role === 'user')!.id;
      await page.goto('/chat');
      await send(page, texts.other, texts.replied);
      await page.waitForURL(/\/chat\/[^/]+$/);

      for (const [viewport, scheme] of [
        ['desktop', 'light'],
        ['desktop', 'dark'],
        ['mobile', 'light'],
        ['mobile', 'dark'],
      ] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.emulateMedia({ colorScheme: scheme });
        const bar = await sidebar(page);
        const field = bar.getByRole('searchbox');
        await field.fill(texts.query);
        const result = bar
          .getByTestId('search-result')
          .filter({ has: page.locator('mark') })
          .first();
        await result.waitFor();
        expect(await result.locator('mark').first().textContent()).toBe(texts.marked);
        await shoot(page, 'results', language, scheme);
        if (viewport === 'desktop' && scheme === 'light') expect(await axeViolations(page)).toEqual([]);
        // Escape clears the field (and the drawer stays open on a phone); then close it for the next round.
        await field.press('Escape');
        expect(await field.inputValue()).toBe('');
        if (viewport === 'mobile') await page.keyboard.press('Escape');
      }

      // Open the result: the chat opens at the message, marked.
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.emulateMedia({ colorScheme: 'light' });
      const bar = await sidebar(page);
      await bar.getByRole('searchbox').fill(texts.query);
      // The person's own message (the coach's reply may quote the same words, and be found too),
      // by keyboard: the result list scrolls within the sidebar.
      const mine = bar.locator(`[data-testid="search-result"][data-message-id="${firstId}"]`);
      await mine.locator('mark').first().waitFor();
      await mine.focus();
      await mine.press('Enter');
      await page.waitForURL(`**/chat/${found}`);
      const marked = page.locator(`article[data-found][data-message-id="${firstId}"]`);
      await marked.waitFor();
      expect(await marked.textContent()).toContain(texts.first);
      expect(await marked.isVisible()).toBe(true);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await shoot(page, 'opened', language, scheme);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Edit the last message: a new reply comes, and the earlier text is a version to look at.
      const before = await storedReply(user, found);
      const oldReply = before.at(-1)!.content;
      await page.getByTestId('edit-message').click();
      const editor = page.locator('textarea.iv-chat-editor__input');
      await editor.fill(texts.edited);
      await editor.press('Enter');
      await page.getByRole('status').filter({ hasText: texts.replied }).waitFor({ state: 'attached' });
      const place = page.locator('article.iv-chat-message--user [data-testid="version-place"]');
      await place.waitFor();
      expect(await place.textContent()).toBe('2 / 2');
      expect(await page.locator('article.iv-chat-message--user').last().textContent()).toContain(
        texts.edited,
      );
      const after = await storedReply(user, found);
      expect(after.map((e) => e.content)).toContain(texts.edited);
      expect(after.map((e) => e.content)).not.toContain(texts.first);

      for (const [viewport, scheme] of [
        ['desktop', 'light'],
        ['desktop', 'dark'],
        ['mobile', 'light'],
        ['mobile', 'dark'],
      ] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('article.iv-chat-message--user').last().scrollIntoViewIfNeeded();
        await shoot(page, 'versions-current', language, scheme);
      }
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.emulateMedia({ colorScheme: 'light' });
      // The previous version: the earlier text and the reply it had.
      await page.locator('article.iv-chat-message--user fieldset button').first().click();
      await expect.poll(() => place.textContent()).toBe('1 / 2');
      const userBubble = page.locator('article.iv-chat-message--user').last();
      expect(await userBubble.textContent()).toContain(texts.first);
      const words = (text: string) =>
        text
          .replace(/[*_#>`-]/g, ' ')
          .split(/\s+/)
          .filter(Boolean)
          .slice(0, 6);
      const shownReply =
        (await page.locator('article.iv-chat-message--assistant').last().textContent()) ?? '';
      expect(words(shownReply)).toEqual(words(oldReply));
      expect(await axeViolations(page)).toEqual([]);
      for (const [viewport, scheme] of [
        ['desktop', 'light'],
        ['desktop', 'dark'],
        ['mobile', 'light'],
        ['mobile', 'dark'],
      ] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('article.iv-chat-message--user').last().scrollIntoViewIfNeeded();
        await shoot(page, 'versions-earlier', language, scheme);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
