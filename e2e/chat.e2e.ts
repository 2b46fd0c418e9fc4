import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, screenshotCombinations, watchPageErrors } from './support/browser.ts';
import {
  type ApiInit,
  callApi,
  createPerson,
  poll,
  type Person as User,
  useToken,
} from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// The chat (issue 7) in a real Chromium against the product as `npm start` runs it, with two
// settings of the chat service for testing: the offline coach writes a piece every 120 ms (slow
// enough to stop a reply or reload in the middle of one), and fails its first answer to a message
// carrying FAIL_ONCE (OFFLINE_COACH_FAIL_ONCE_MARKER, test-only, see services/chat/README.md).
const FAIL_ONCE = '[e2e-fail-once]';
const e2e = useProduct({ env: { OFFLINE_COACH_DELAY_MS: '120', OFFLINE_COACH_FAIL_ONCE_MARKER: FAIL_ONCE } });

const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);
/** A verified account on the free trial whom chat already lets write. */
const createUser = (firstName: string, language = 'en') =>
  createPerson(e2e.url, { firstName, emailPrefix: 'chat', language, chatReady: true });

type Entry = {
  id: string;
  role: string;
  content: string;
  hidden: boolean;
  failed?: boolean;
  streaming?: boolean;
};

const composer = (page: Page) => page.getByRole('textbox', { name: /Your message|Votre message/ });
const replies = (page: Page) => page.locator('article.iv-chat-message--assistant');
const lastReply = (page: Page) => replies(page).last();
/** The written text of the last reply (not its "writing…" indicator). */
const lastReplyText = (page: Page) => lastReply(page).locator('.iv-chat-md');

async function sendMessage(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Waits until the reply has at least `chars` characters and returns its text. */
async function replyText(reply: Locator, chars = 1): Promise<string> {
  await expect
    .poll(async () => ((await reply.textContent()) ?? '').length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(chars);
  return (await reply.textContent()) ?? '';
}

async function transcript(user: User, sessionId: string): Promise<Entry[]> {
  return (await (
    await api(`/api/v1/chat-sessions/${sessionId}/transcript`, { token: user.token })
  ).json()) as Entry[];
}

function sessionIdOf(page: Page): string {
  const match = /\/chat\/([^/]+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not in a session: ${page.url()}`);
  return decodeURIComponent(match[1]!);
}

/** Rendered Markdown drops its marks: replies are compared by their words. */
// Markdown's marks are not shown as such: emphasis, headings, bullets and an ordered list's numbers
// (rendered as list markers, outside the text).
const words = (text: string) =>
  text
    .replace(/[*_#>`-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !/^\d+\.$/.test(word));

async function waitForReplyEnd(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: 'Your coach has replied.' })
    .waitFor({ state: 'attached' });
}

describe('chat', () => {
  it('logs in, streams a reply, stops one, retries a failed send, renames and removes the chat', async () => {
    const user = await createUser('Ada');
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).fill(user.email);
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !['/', '/login'].includes(url.pathname));
    await page.goto('/chat');
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    await page.getByTestId('offline-coach-label').waitFor();

    // Empty sends are ignored; Shift+Enter is a new line, Enter sends the trimmed text.
    await composer(page).press('Enter');
    expect(await page.locator('article.iv-chat-message').count()).toBe(0);
    await composer(page).fill('  I keep putting off a hard conversation with my sister.');
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('It weighs on me.  ');
    await composer(page).press('Enter');
    const mine = page.locator('article.iv-chat-message--user').first();
    await mine.waitFor();
    expect((await mine.textContent()) ?? '').toContain(
      'I keep putting off a hard conversation with my sister.\nIt weighs on me.',
    );
    await page.waitForURL(/\/chat\/[^/]+$/);
    const sessionId = sessionIdOf(page);

    // The reply streams in: it grows while the box waits, then the person is told it is complete.
    const early = await replyText(lastReplyText(page), 5);
    expect(await composer(page).getAttribute('readonly')).not.toBeNull();
    const later = await replyText(lastReplyText(page), early.length + 10);
    expect(later.startsWith(early.trim().slice(0, 3))).toBe(true);
    await waitForReplyEnd(page);
    await screenshot(page, 'chat-reply', 'desktop', 'en-light');
    const stored = await transcript(user, sessionId);
    expect(stored.at(-1)).toMatchObject({ role: 'assistant' });
    expect(words((await lastReply(page).textContent()) ?? '')).toEqual(words(stored.at(-1)!.content));

    // Stop a reply in the middle: what was written stays, nothing more comes, no error.
    await sendMessage(page, 'What could I say to her first?');
    await replyText(lastReplyText(page), 12);
    await page.getByRole('button', { name: 'Stop the reply' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The reply was stopped.' })
      .waitFor({ state: 'attached' });
    const stopped = (await lastReplyText(page).textContent()) ?? '';
    // The bubble says it was stopped (issue 20: it used to just end mid-sentence).
    await lastReply(page).getByText('Reply stopped').waitFor();
    // Kept on the server as far as it got (a piece or two past what arrived before the stop).
    const kept = await poll('stopped reply stored', async () => {
      const last = (await transcript(user, sessionId)).at(-1);
      return last?.role === 'assistant' && !last.streaming ? last : undefined;
    });
    // The reply is over on the server, so no later word can reach the bubble: it kept its text.
    expect((await lastReplyText(page).textContent()) ?? '').toBe(stopped);
    expect(await page.getByRole('alert').count()).toBe(0);
    const shownWords = words(stopped);
    expect(words(kept.content).slice(0, shownWords.length - 1)).toEqual(shownWords.slice(0, -1));

    // A send that fails (the server fails once) offers a retry; the retry answers it.
    const failing = `Maybe I am afraid of her reaction (${randomUUID().slice(0, 4)}) ${FAIL_ONCE}`;
    await sendMessage(page, failing);
    await page.getByText('The coach could not answer just now. Please try again.').waitFor();
    await page.getByText('Not answered').waitFor();
    await screenshot(page, 'chat-failed', 'desktop', 'en-light');
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForReplyEnd(page);
    expect(await page.getByText('Not answered').count()).toBe(0);
    expect(await page.getByText('The coach could not answer just now.').count()).toBe(0);
    expect(
      await page.locator('article.iv-chat-message--user', { hasText: 'afraid of her reaction' }).count(),
    ).toBe(1);
    const afterRetry = await transcript(user, sessionId);
    expect(afterRetry.filter((e) => e.role === 'user' && e.content.includes(FAIL_ONCE))).toHaveLength(1);
    expect(afterRetry.at(-1)).toMatchObject({ role: 'assistant' });

    // Rename and remove through the sidebar.
    const sidebar = page.getByTestId('chat-sidebar');
    await sidebar
      .getByRole('button', { name: /^Actions for/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename chat' });
    await rename.getByLabel('Chat name').fill('Talking with my sister');
    await rename.getByRole('button', { name: 'Save' }).click();
    await sidebar.getByRole('link', { name: /Talking with my sister/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Talking with my sister' }).waitFor();

    await sidebar.getByRole('button', { name: 'Actions for “Talking with my sister”' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.waitForURL((url) => url.pathname === '/chat');
    await sidebar.getByRole('link', { name: /Talking with my sister/ }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    expect((await api(`/api/v1/chat-sessions/${sessionId}`, { token: user.token })).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a reply completing after a reload in the middle of it, with no gap and nothing twice', async () => {
    const user = await createUser('Bea');
    const context = await newContext(e2e.browser, e2e.url, 'mobile');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await useToken(page, user.token);
    await page.goto('/chat');
    await sendMessage(page, 'I would like to feel less rushed in the mornings. Where could I start?');
    await page.waitForURL(/\/chat\/[^/]+$/);
    const sessionId = sessionIdOf(page);
    const before = await replyText(lastReplyText(page), 15);

    await page.reload();
    // The transcript shows the reply so far, then the rest streams in.
    const resumed = lastReply(page);
    await resumed.waitFor();
    expect(await resumed.getAttribute('data-streaming')).not.toBeNull();
    await waitForReplyEnd(page);
    const entries = await poll('reply stored', async () => {
      const list = await transcript(user, sessionId);
      return list.at(-1)?.role === 'assistant' && !list.at(-1)?.streaming ? list : undefined;
    });
    const full = entries.at(-1)!.content;
    const shown = (await resumed.locator('.iv-chat-md').textContent()) ?? '';
    expect(full.startsWith(before.trim().slice(0, 10))).toBe(true);
    expect(words(shown)).toEqual(words(full));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a crisis message in French with the help lines (143, 144, 112) as phone links', async () => {
    const user = await createUser('Chloé', 'fr');
    await api('/api/v1/settings/me', { method: 'PUT', token: user.token, json: { language: 'fr' } });
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { locale: 'fr-CH' });
    const page = await context.newPage();
    await useToken(page, user.token);
    await page.goto('/chat');
    await page.getByRole('heading', { name: 'Bonjour Chloé' }).waitFor();
    await sendMessage(page, "J'ai envie de mourir, je n'en peux plus.");
    const reply = lastReply(page);
    await expect
      .poll(
        async () =>
          reply.locator('a[href^="tel:"]').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
        {
          timeout: 20_000,
        },
      )
      .toEqual(expect.arrayContaining(['tel:143', 'tel:144', 'tel:112']));
    expect((await reply.textContent()) ?? '').toContain('En Suisse');
    expect(await reply.locator('a[href="https://findahelpline.com"]').getAttribute('target')).toBe('_blank');
    await page
      .getByRole('status')
      .filter({ hasText: 'Votre coach a répondu.' })
      .waitFor({ state: 'attached' });
    await screenshot(page, 'chat-crisis', 'desktop', 'fr-light');
    await context.close();
  });

  describe('screenshots', () => {
    let user: User | undefined;
    let sessionId = '';
    const combinations = screenshotCombinations(['en', 'fr'] as const);

    async function conversationWithReply(): Promise<void> {
      user = await createUser('Emma');
      const reply = await api('/api/v1/chat/', {
        method: 'POST',
        token: user.token,
        json: { message: 'I want to find more calm in my week. Where could I start?' },
      });
      sessionId = ((await reply.json()) as { session_id: string }).session_id;
    }

    it.each(combinations)(
      'of a conversation with a reply (%s, %s, %s)',
      async (viewport, theme, language) => {
        if (!user) await conversationWithReply();
        await api('/api/v1/settings/me', { method: 'PUT', token: user!.token, json: { language, theme } });
        const context: BrowserContext = await newContext(e2e.browser, e2e.url, viewport, {
          colorScheme: theme,
        });
        const page = await context.newPage();
        const errors = watchPageErrors(page);
        await useToken(page, user!.token);
        await page.goto(`/chat/${sessionId}`);
        await lastReply(page).waitFor();
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        await screenshot(page, 'chat-conversation', viewport, `${language}-${theme}`);
        if (viewport === 'mobile') {
          await page.getByRole('button', { name: /Open your chats|Ouvrir vos conversations/ }).click();
          await page.getByTestId('chat-sidebar').waitFor();
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
          await screenshot(page, 'chat-drawer', viewport, `${language}-${theme}`);
        }
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  });
});
