import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newContext, SCREENSHOT_DIR, VIEWPORTS, watchPageErrors } from './support/browser.ts';
import { callApi, createPerson, poll, settle, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// docs/product.md#memory in a real Chromium, in English and Italian: after onboarding the person
// asks the coach to remember something, finds it in Settings → Memory beside an item from the
// questionnaire, edits one, deletes one and turns memory off; axe finds nothing on the screen;
// screenshots of the section at 1280 and 390 px, light and dark.
const e2e = useProduct();

const texts = {
  en: {
    answer: 'Open a small bakery with my sister. Maybe in two years.',
    fromQuestionnaire: 'Open a small bakery with my sister',
    message: 'Good morning coach. Please remember that I prefer short answers, thanks.',
    remembered: 'I prefer short answers',
    edited: 'Open a bakery in Bern with my sister',
    composer: 'Your message',
    replied: 'Your coach has replied.',
    settings: 'Settings',
    memory: 'Memory',
    conversation: 'From a conversation',
    questionnaire: 'From your questionnaire',
    edit: 'Edit',
    note: 'Note',
    save: 'Save',
    saved: 'Note saved',
    del: 'Delete',
    confirmTitle: 'Delete this note?',
    deleted: 'Note deleted',
    toggle: 'Let the coach remember',
    offHint: 'Memory is off: the coach keeps nothing new',
    turnedOff: 'Memory turned off',
    notifications: 'Notifications',
  },
  it: {
    answer: 'Aprire una piccola panetteria con mia sorella. Forse tra due anni.',
    fromQuestionnaire: 'Aprire una piccola panetteria con mia sorella',
    message: 'Ricordati che preferisco risposte brevi, grazie.',
    remembered: 'Preferisco risposte brevi',
    edited: 'Aprire una panetteria a Lugano con mia sorella',
    composer: 'Il tuo messaggio',
    replied: 'Il tuo coach ha risposto.',
    settings: 'Impostazioni',
    memory: 'Memoria',
    conversation: 'Da una chat',
    questionnaire: 'Dal tuo questionario',
    edit: 'Modifica',
    note: 'Nota',
    save: 'Salva',
    saved: 'Nota salvata',
    del: 'Elimina',
    confirmTitle: 'Eliminare questa nota?',
    deleted: 'Nota eliminata',
    toggle: 'Lascia che il coach ricordi',
    offHint: 'La memoria è disattivata: il coach non conserva nulla di nuovo',
    turnedOff: 'Memoria disattivata',
    notifications: 'Notifiche',
  },
} as const;

/** A toast in the notifications region, whose name is in the page's language. */
const toast = (page: Page, region: string, text: string) =>
  page
    .getByRole('region', { name: new RegExp(`^${region}`) })
    .getByRole('listitem')
    .filter({ hasText: text });

type Memory = { items: Array<{ kind: string; text: string; source: string }>; enabled: boolean };

/** The settings page with its memory section, both widths, light and dark, under artifacts/screenshots/memory/. */
async function shoot(page: Page, lang: string): Promise<void> {
  const dir = path.join(SCREENSHOT_DIR, 'memory');
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await settle(page);
      // The whole page from its top: a cropped section hides its heading under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `memory-${name}-${lang}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.desktop);
  // Colours fade between themes: axe must not measure contrast halfway.
  await settle(page);
}

describe('memory the person controls', () => {
  it.each(['en', 'it'] as const)(
    'in %s: a stated preference and a questionnaire item in Settings → Memory; edit, delete, turn off',
    async (lang) => {
      const t = texts[lang];
      const person = await createPerson(e2e.url, {
        firstName: 'Mia',
        emailPrefix: 'e2e-memory',
        language: lang,
        chatReady: true,
      });
      const api = (p: string, init: Parameters<typeof callApi>[2] = {}) =>
        callApi(e2e.url, p, { token: person.token, ...init });
      // Onboarding: one step answered, the questionnaire submitted.
      const answer = await api('/api/v1/answers/', {
        method: 'POST',
        json: { question_key: 'question_7', answer_text: t.answer },
      });
      expect(answer.ok).toBe(true);
      expect((await api('/api/v1/questionnaire/submit', { method: 'POST' })).ok).toBe(true);
      // Once the answers reach the chat, the coach opens the next new chat with them
      // (docs/product.md#the-coachs-first-opening). Taken here, so that the new chat the person
      // writes in stays theirs and no opening lands on the screen while they type.
      await poll('the coach’s first opening', async () => {
        const opening = await api('/api/v1/chat-sessions/opening', { method: 'POST' });
        return opening.status === 201;
      });

      const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, person.token);
      await page.goto('/chat');
      const composer = page.getByRole('textbox', { name: t.composer });
      await composer.fill(t.message);
      await composer.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: t.replied })
        .waitFor({ state: 'attached', timeout: 30_000 });
      // The memory step runs just after the reply is kept.
      await poll('memory items', async () => {
        const memory = (await (await api('/api/v1/memory/')).json()) as Memory;
        return memory.items.some((i) => i.source === 'conversation') ? memory : undefined;
      });

      // Reached from the account navigation.
      await page.getByRole('link', { name: t.settings, exact: true }).first().click();
      await page.waitForURL('**/settings');
      const section = page.getByRole('region', { name: t.memory, exact: true });
      const stated = section.getByRole('listitem').filter({ hasText: t.remembered });
      await stated.waitFor();
      expect(await stated.textContent()).toContain(t.conversation);
      const drawn = section.getByRole('listitem').filter({ hasText: t.fromQuestionnaire });
      expect(await drawn.textContent()).toContain(t.questionnaire);
      await shoot(page, lang);
      expect(await axeViolations(page)).toEqual([]);

      // Edit the questionnaire item in place.
      await drawn.getByRole('button', { name: t.edit }).click();
      const field = section.getByRole('textbox', { name: t.note, exact: true });
      await field.fill(t.edited);
      expect(await axeViolations(page)).toEqual([]);
      await section.getByRole('button', { name: t.save }).click();
      await toast(page, t.notifications, t.saved).waitFor();
      await section.getByRole('listitem').filter({ hasText: t.edited }).waitFor();

      // Delete the stated preference, after the confirmation.
      await stated.getByRole('button', { name: t.del }).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmTitle });
      await dialog.waitFor();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: t.del }).click();
      await toast(page, t.notifications, t.deleted).waitFor();
      await stated.waitFor({ state: 'detached' });

      // Turn memory off: the explanation changes, the server keeps nothing new.
      await section.getByRole('checkbox', { name: t.toggle }).click();
      await toast(page, t.notifications, t.turnedOff).waitFor();
      await section.getByText(t.offHint).waitFor();
      const after = (await (await api('/api/v1/memory/')).json()) as Memory;
      expect(after).toEqual({
        enabled: false,
        items: [expect.objectContaining({ text: t.edited, source: 'questionnaire' })],
      });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
