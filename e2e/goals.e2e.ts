import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newContext, screenshot, VIEWPORTS, type ViewportName, watchPageErrors } from './support/browser.ts';
import { callApi, createPerson, type Person, poll, settle, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// Goals and check-ins (docs/product.md#goals) in Chromium, in English and Italian: a goal set from
// the chat ("Add as goal") and one on the goals page with a progress note; chat's clock moved a
// week on (the test-only INNERVIEW_TEST_CHAT_CLOCK_FILE) → the check-in mail in the dev mailbox,
// and a new chat that the coach opens with the check-in. Screenshots of the goals page at both
// widths, light and dark, with axe at 0 violations. Its own product: it needs the clock hook.
const DAY_MS = 24 * 60 * 60 * 1000;
const clockDir = mkdtempSync(path.join(tmpdir(), 'innerview-chat-clock-'));
const clockFile = path.join(clockDir, 'offset-ms');
writeFileSync(clockFile, '0');
const e2e = useProduct({
  own: true,
  env: { INNERVIEW_TEST_CHAT_CLOCK_FILE: clockFile, CHAT_CHECKIN_SWEEP_MS: '500' },
});
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const texts = {
  en: {
    statement: 'My goal is to read twenty pages every evening.',
    fromChat: 'Read twenty pages every evening',
    add: 'Add as goal',
    title: 'Goals',
    goal: 'Run 5 km',
    field: /Goal/,
    addGoal: 'Add goal',
    note: 'Add progress note',
    noteField: /Progress note/,
    saveNote: 'Save note',
    noted: 'Note added.',
    subject: 'How is your goal going?',
    mailLine: 'Last week you wanted to work on “Run 5 km”. How did it go?',
    opening: 'Last week you wanted to work on “Run 5 km”. How did it go?',
    openingFromChat: 'Last week you wanted to work on “Read twenty pages every evening”. How did it go?',
    composer: /Your message/,
  },
  it: {
    statement: 'Il mio obiettivo è leggere venti pagine ogni sera.',
    fromChat: 'Leggere venti pagine ogni sera',
    add: 'Salva come obiettivo',
    title: 'Obiettivi',
    goal: 'Correre 5 km',
    field: /Obiettivo/,
    addGoal: 'Aggiungi obiettivo',
    note: 'Aggiungi una nota',
    noteField: /Nota sui progressi/,
    saveNote: 'Salva la nota',
    noted: 'Nota aggiunta.',
    subject: 'Come va il tuo obiettivo?',
    mailLine: 'La settimana scorsa volevi lavorare su «Correre 5 km». Com’è andata?',
    opening: 'La settimana scorsa volevi lavorare su «Correre 5 km». Com’è andata?',
    openingFromChat: 'La settimana scorsa volevi lavorare su «Leggere venti pagine ogni sera». Com’è andata?',
    composer: /Il tuo messaggio/,
  },
} as const;
type Lang = keyof typeof texts;

const people = {} as Record<Lang, Person>;
beforeAll(async () => {
  for (const lang of ['en', 'it'] as const)
    people[lang] = await createPerson(e2e.url, {
      firstName: lang === 'en' ? 'Ada' : 'Chiara',
      emailPrefix: `e2e-goals-${lang}`,
      language: lang,
      chatReady: true,
    });
});

async function goalsPage(page: Page, lang: Lang): Promise<void> {
  await page.goto('/goals');
  await page.getByRole('heading', { level: 1, name: texts[lang].title }).waitFor();
}

describe.each(['en', 'it'] as const)('goals (%s)', (lang) => {
  const t = texts[lang];

  it('sets a goal from the chat and one on the goals page, with a progress note; the page is accessible', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await useToken(page, people[lang].token);

    // The coach offers to keep a goal stated in the chat.
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: t.composer });
    await composer.fill(t.statement);
    await composer.press('Enter');
    const add = page.getByRole('button', { name: t.add });
    await add.waitFor({ timeout: 30_000 });
    await screenshot(page, 'goals-add-from-chat', 'desktop', lang);
    await add.click();
    await page
      .getByRole('link', { name: lang === 'en' ? 'See your goals' : 'Vedi i tuoi obiettivi' })
      .click();
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await page.getByRole('listitem', { name: t.fromChat }).waitFor();

    // One by hand, weekly, with a progress note.
    await goalsPage(page, lang);
    const form = page.getByTestId('goal-new');
    await form.getByRole('textbox', { name: t.field }).fill(t.goal);
    await form.getByRole('button', { name: t.addGoal }).click();
    const item = page.getByRole('listitem', { name: t.goal });
    await item.getByRole('button', { name: t.note }).click();
    await item.getByRole('textbox', { name: t.noteField }).fill(lang === 'en' ? 'Ran 2 km' : 'Corso 2 km');
    await item.getByRole('button', { name: t.saveNote }).click();
    await page
      .getByRole('region', { name: /^(Notifications|Notifiche)/ })
      .getByText(t.noted)
      .waitFor();
    await item.getByText(lang === 'en' ? 'Ran 2 km' : 'Corso 2 km').waitFor();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await goalsPage(page, lang);
      await item.waitFor();
      await settle(page);
      for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await screenshot(page, 'goals', viewport, `${lang}-${scheme}`);
      }
      await page.setViewportSize(VIEWPORTS.desktop);
      expect(await axeViolations(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('check-ins', () => {
  it('a week later: the check-in mail in each language, and new chats the coach opens with each check-in, once', async () => {
    writeFileSync(clockFile, String(7 * DAY_MS + 60 * 60 * 1000));
    for (const lang of ['en', 'it'] as const) {
      const t = texts[lang];
      const mail = await poll(`check-in mail (${lang})`, async () => {
        const answer = await callApi(e2e.url, `/dev/mail?to=${encodeURIComponent(people[lang].email)}`);
        const mails = (await answer.json()) as Array<{ subject: string; text: string }>;
        return mails.find((m) => m.subject === t.subject && m.text.includes(t.mailLine));
      });
      expect(mail.text).toContain('/chat');

      const context = await newContext(e2e.browser, e2e.url, lang === 'en' ? 'desktop' : 'mobile');
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, people[lang].token);
      // The coach's opening, once per due check-in, the oldest goal's first: the new chat moves
      // to the session the coach opened.
      for (const [n, opening] of [t.openingFromChat, t.opening].entries()) {
        await page.goto('/chat');
        await page.getByRole('article').filter({ hasText: opening }).waitFor({ timeout: 20_000 });
        expect(page.url()).toMatch(/\/chat\/[0-9a-f-]{36}$/);
        if (n === 1)
          await screenshot(page, 'goals-checkin-opening', lang === 'en' ? 'desktop' : 'mobile', lang);
      }
      // Asked once: the next new chat is an ordinary one.
      const second = page.waitForResponse((r) => r.url().endsWith('/api/v1/chat-sessions/opening'));
      await page.goto('/chat');
      expect((await second).status()).toBe(204);
      await page.getByRole('textbox', { name: t.composer }).waitFor();
      expect(page.url()).toMatch(/\/chat$/);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
