import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotCombinations } from './support/browser.ts';
import {
  type ApiInit,
  callApi,
  createPerson,
  settle,
  signedInPage,
  type Person as User,
} from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// The chat sidebar in a real Chromium against the product as `npm start` runs it: the questionnaire
// reminder for a person who has not finished it (gone after submitting), the trial days and Upgrade,
// the help/profile/settings links, log out, and on a phone the drawer (focus kept inside, Escape
// closes it, focus back on its opener). Screenshots at desktop and 390 px, light and dark, en and de.
// Rename and remove are driven in chat.e2e.ts with the conversation.
const e2e = useProduct();

const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);
/** A verified account on the free trial, questionnaire not started. */
const createUser = (firstName: string) =>
  createPerson(e2e.url, { firstName, emailPrefix: 'e2e-sidebar', trial: true });

function sidebar(page: Page) {
  return page.getByTestId('chat-sidebar');
}

/** The sidebar is ready once its history has loaded (a list or the empty state). */
async function sidebarReady(page: Page): Promise<void> {
  await sidebar(page)
    .locator('.iv-sidebar-history__list, .iv-sidebar-history__state:not([role])')
    .first()
    .waitFor();
  // The plan is in the column on a desktop, above the chat on a phone (ADR 60).
  await page.getByTestId('sidebar-plan').first().waitFor();
}

describe('chat sidebar', () => {
  it('reminds of the questionnaire until it is submitted, shows the trial, links on, logs out', async () => {
    const user = await createUser('Lina');
    const { context, page, errors } = await signedInPage(e2e, user.token, 'desktop', {
      colorScheme: 'light',
    });
    await page.goto('/chat');
    await sidebarReady(page);

    const reminder = sidebar(page).getByTestId('questionnaire-reminder');
    await reminder.getByText('Finish your questionnaire').waitFor();
    const plan = sidebar(page).getByTestId('sidebar-plan');
    expect(await plan.textContent()).toMatch(/(30|29) days left in your free trial/);
    expect(await plan.getAttribute('data-tone')).toBeNull();

    await reminder.getByRole('link', { name: 'Start the questionnaire' }).click();
    await page.waitForURL('**/onboarding/questionnaire?step=1');
    await page.goto('/chat');
    await sidebarReady(page);

    await plan.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/pricing');
    await page.goBack();
    await sidebarReady(page);

    // On a desktop the account links are the top bar's, not repeated in the sidebar (ADR 60).
    expect(await sidebar(page).getByRole('navigation', { name: 'Account' }).count()).toBe(0);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
    for (const [name, screen] of [
      ['Help hub', 'help'],
      ['My profile', 'profile'],
      ['Settings', 'settings'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await page.waitForURL(`**/${screen}`);
      await page.locator(`[data-remote="account"][data-screen="${screen}"]`).waitFor();
      await page.goto('/chat');
      await sidebarReady(page);
    }

    // Answer one step and submit the rest skipped: the questionnaire is finished, the reminder gone.
    const answer = await api('/api/v1/answers/', {
      method: 'POST',
      token: user.token,
      json: { question_key: 'question_1', answer_text: 'Rested, and curious about what comes next.' },
    });
    expect(answer.ok).toBe(true);
    expect((await api('/api/v1/questionnaire/submit', { method: 'POST', token: user.token })).ok).toBe(true);
    await page.reload();
    await sidebarReady(page);
    expect(await sidebar(page).getByTestId('questionnaire-reminder').count()).toBe(0);

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Logged Out', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The token was revoked on the server too.
    const after = await api('/api/v1/users/me', { token: user.token });
    expect(after.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a drawer on a phone: focus stays inside, Escape closes it, focus goes back to its opener', async () => {
    const user = await createUser('Noah');
    const { context, page, errors } = await signedInPage(e2e, user.token, 'mobile', { colorScheme: 'light' });
    await page.goto('/chat');
    const opener = page.getByRole('button', { name: 'Open your chats and account' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Your chats and account' });
    await drawer.waitFor();
    await sidebarReady(page);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Open your chats and account',
    );

    // A link in the drawer closes it on the way.
    await opener.click();
    await drawer.getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL('**/profile');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('screenshots', () => {
    const combinations = screenshotCombinations(['en', 'de'] as const);

    let user: User | undefined;
    let openSession = '';
    /** A person with a few chats, one of them open, so the history shows its states. */
    async function personWithChats(): Promise<User> {
      const person = await createUser('Emma');
      for (const title of ['Finding calm before exams', 'Talking with my manager', 'Morning routine ideas']) {
        const created = await api('/api/v1/chat-sessions/', {
          method: 'POST',
          token: person.token,
          json: { session_title: title },
        });
        expect(created.status).toBe(201);
        openSession ||= ((await created.json()) as { id: string }).id;
      }
      return person;
    }

    it.each(combinations)('of the sidebar (%s, %s, %s)', async (viewport, theme, language) => {
      user ??= await personWithChats();
      await api('/api/v1/settings/me', { method: 'PUT', token: user.token, json: { language, theme } });
      const { context, page, errors } = await signedInPage(e2e, user.token, viewport, { colorScheme: theme });
      await page.goto(`/chat/${openSession}`);
      await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
      if (viewport === 'mobile') {
        await page.locator('.iv-chat-header__menu').click();
        await page.getByRole('dialog').waitFor();
      }
      await sidebarReady(page);
      // On a phone the reminder is in view above the chat, not inside the drawer (ADR 60).
      await (viewport === 'mobile' ? page : sidebar(page)).getByTestId('questionnaire-reminder').waitFor();
      expect(await sidebar(page).locator('[aria-current="page"]').count()).toBe(1);
      await settle(page);
      await screenshot(page, 'chat-sidebar', viewport, `${language}-${theme}`);
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
