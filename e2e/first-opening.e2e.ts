import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newContext, screenshot, type ViewportName, watchPageErrors } from './support/browser.ts';
import { callApi, createPerson, poll, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// The coach's first opening (docs/product.md#the-coachs-first-opening) in Chromium, in English and
// Italian, with the offline coach: the person sends their questionnaire from its summary, the chat
// they land on is opened by the coach with one of their answers in their own words, nothing of
// theirs is drawn, and the next new chat is an ordinary one.
const e2e = useProduct();

type Case = {
  lang: 'en' | 'it';
  viewport: ViewportName;
  theme: 'light' | 'dark';
  answer: string;
  /** Words of the answer the opening takes up. */
  echoed: string;
  submitAsIs: string;
  newChat: string;
};

/** Written for this test. */
const cases: Case[] = [
  {
    lang: 'en',
    viewport: 'desktop',
    theme: 'light',
    answer: 'I would like to open a small bookshop by the lake.',
    echoed: 'small bookshop by the lake',
    submitAsIs: 'Submit as is',
    newChat: 'New chat',
  },
  {
    lang: 'it',
    viewport: 'mobile',
    theme: 'dark',
    answer: 'Vorrei aprire una piccola libreria in riva al lago.',
    echoed: 'piccola libreria in riva al lago',
    submitAsIs: "Invia così com'è",
    newChat: 'Nuova chat',
  },
];

type Sessions = Array<{ id: string }>;

describe("the coach's first opening", () => {
  it.each(cases)(
    'opens the first chat after the questionnaire from the answers, once ($lang, $viewport)',
    async (c) => {
      const person = await createPerson(e2e.url, {
        firstName: c.lang === 'en' ? 'Nora' : 'Chiara',
        emailPrefix: 'e2e-opening',
        language: c.lang,
        chatReady: true,
      });
      const api = (path: string, init: Parameters<typeof callApi>[2] = {}) =>
        callApi(e2e.url, path, { token: person.token, ...init });
      expect(
        (await api('/api/v1/settings/me', { method: 'PUT', json: { language: c.lang, theme: c.theme } })).ok,
      ).toBe(true);
      const saved = await api('/api/v1/answers/', {
        method: 'POST',
        json: { question_key: 'question_7', answer_text: c.answer },
      });
      expect(saved.ok).toBe(true);
      const before = (await (await api('/api/v1/chat-sessions/')).json()) as Sessions;

      const context = await newContext(e2e.browser, e2e.url, c.viewport, { colorScheme: c.theme });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, person.token);
      // From the summary of a questionnaire with skipped steps: sent as it is.
      await page.goto('/onboarding/questionnaire?step=summary');
      await page.getByRole('button', { name: c.submitAsIs }).click();
      await page.waitForURL((url) => /^\/chat\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });

      const reply = page.locator('article.iv-chat-message--assistant').filter({ hasText: c.echoed });
      await reply.waitFor({ timeout: 30_000 });
      // Only the coach speaks: the hidden questionnaire message is not drawn.
      expect(await page.locator('article.iv-chat-message--user').count()).toBe(0);
      await expect.poll(() => reply.getAttribute('data-streaming'), { timeout: 30_000 }).toBeNull();
      expect(((await reply.textContent()) ?? '').trim()).toMatch(/\?$/);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'chat-first-opening', c.viewport, `${c.lang}-${c.theme}`);

      // Made once: a new chat now stays new (the coach is asked, and has nothing to open with).
      const asked = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/chat-sessions/opening') && r.request().method() === 'POST',
      );
      await page.goto('/chat');
      expect((await asked).status()).toBe(204);
      expect(new URL(page.url()).pathname).toBe('/chat');
      const after = await poll('the sessions', async () => {
        const list = (await (await api('/api/v1/chat-sessions/')).json()) as Sessions;
        return list.length > before.length ? list : undefined;
      });
      expect(after).toHaveLength(before.length + 1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
