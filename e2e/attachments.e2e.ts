import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// The files service's own test files, built byte by byte.
import { makeExe, makePdf, makePng } from '../services/files/src/testing/fixtures.ts';
import { newContext, screenshot, screenshotCombinations, watchPageErrors } from './support/browser.ts';
import { type ApiInit, callApi, createPerson, type Person as User, useToken } from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// Attachments (issue 8) in a real Chromium against the product as `npm start` runs it: a PDF and an
// image attached, their upload states watched, the message sent, and the offline coach's reply
// naming the document and quoting it (and saying it cannot see the image); the files still shown
// on the message after a reload; a file the files service refuses ('Upload Failed', the send
// aborted); screenshots at desktop and 390 px, light and dark, in English and Italian.
const e2e = useProduct();
const NOTES = 'I have worked ten years as a night nurse and I dream of teaching children';

const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);
/** A verified account on the free trial whom chat already lets write. */
const createUser = (firstName: string) =>
  createPerson(e2e.url, { firstName, emailPrefix: 'files', chatReady: true });

const pdf = () => ({ name: 'career-notes.pdf', mimeType: 'application/pdf', buffer: makePdf([NOTES]) });
const png = () => ({ name: 'my-desk.png', mimeType: 'image/png', buffer: makePng() });
const selected = (page: Page) => page.locator('.iv-attachments--selected > li');
const composer = (page: Page) => page.getByRole('textbox', { name: /Your message|Il tuo messaggio/ });

/** Holds each upload back until `release` is called, so the uploading state can be seen. */
async function holdUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/files/upload-multiple-to-session', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function statusesOf(list: Locator): Promise<string[]> {
  return list.evaluateAll((items) => items.map((item) => item.getAttribute('data-status') ?? ''));
}

describe('attachments', () => {
  it('attaches a PDF and an image, shows the upload states, sends them and the coach refers to the document', async () => {
    const user = await createUser('Ada');
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Asked for early: intercepting the file chooser is switched on asynchronously.
    const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
    await useToken(page, user.token);
    await page.goto('/chat');
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();

    // The attach button has a name and is reached by keyboard.
    const attach = page.getByRole('button', { name: 'Attach files' });
    await attach.focus();
    expect(await attach.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([pdf(), png()]);

    // Selected: name, format and size, removable.
    await expect.poll(() => statusesOf(selected(page))).toEqual(['selected', 'selected']);
    expect(await selected(page).first().textContent()).toMatch(
      /career-notes\.pdf.*PDF · \d+ bytes.*Ready to send/,
    );
    expect(await selected(page).nth(1).textContent()).toContain('PNG');
    await page.getByRole('button', { name: 'Remove my-desk.png' }).click();
    await expect.poll(() => selected(page).count()).toBe(1);
    // Dropped onto the conversation, the image comes back.
    const drop = await page.evaluateHandle(
      ({ bytes }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'my-desk.png', { type: 'image/png' }));
        return transfer;
      },
      { bytes: [...png().buffer] },
    );
    await page.locator('.iv-drop-zone').dispatchEvent('dragenter', { dataTransfer: drop });
    await page.getByText('Drop files here to attach them').waitFor();
    await page.locator('.iv-drop-zone').dispatchEvent('drop', { dataTransfer: drop });
    await expect.poll(() => statusesOf(selected(page))).toEqual(['selected', 'selected']);

    // Sending uploads them first: uploading (held back here), then uploaded.
    const release = await holdUploads(page);
    await composer(page).fill('Here are my notes and my desk');
    await composer(page).press('Enter');
    await expect.poll(() => statusesOf(selected(page))).toEqual(['uploading', 'uploading']);
    expect(await page.getByRole('progressbar', { name: 'Uploading career-notes.pdf' }).count()).toBe(1);
    await screenshot(page, 'attachments-uploading', 'desktop', 'en-light');
    release();
    await expect
      .poll(() => statusesOf(selected(page)), { timeout: 10_000 })
      .toEqual(['uploaded', 'uploaded']);

    // Sent: the files show on the message, the selection is cleared, the coach read the PDF.
    const mine = page.locator('article.iv-chat-message--user').last();
    await mine.getByRole('list', { name: '2 attached files' }).waitFor({ timeout: 15_000 });
    const detailsSent = await mine.locator('.iv-attachment__details').allTextContents();
    expect(detailsSent.every((d) => /\d/.test(d))).toBe(true);
    const reply = page.locator('article.iv-chat-message--assistant').last();
    // The offline coach names the document, quotes it, and says it cannot see the image.
    await expect
      .poll(async () => (await reply.textContent()) ?? '', { timeout: 30_000 })
      .toContain('what it means to you');
    const text = (await reply.textContent()) ?? '';
    expect(text).toContain('I’ve read “career-notes.pdf”');
    expect(text).toContain('a night nurse');
    expect(text).toContain('I can’t see images, so tell me in your own words what “my-desk.png” shows');
    await expect.poll(() => selected(page).count(), { timeout: 10_000 }).toBe(0);

    // After a reload, the message still shows its files (from the hidden paperclip note), not the note.
    await page.reload();
    const reloaded = page.locator('article.iv-chat-message--user').last();
    await reloaded.getByRole('list', { name: '2 attached files' }).waitFor({ timeout: 15_000 });
    expect(await reloaded.textContent()).toContain('career-notes.pdf');
    // Each chip still says its size, as it did when sent (issue 20).
    expect(await reloaded.locator('.iv-attachment__details').allTextContents()).toEqual(detailsSent);
    expect(await page.locator('article').filter({ hasText: '📎' }).count()).toBe(0);
    await screenshot(page, 'attachments-sent', 'desktop', 'en-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the files service's refusal as 'Upload Failed' and does not send the message", async () => {
    const user = await createUser('Bea');
    const context = await newContext(e2e.browser, e2e.url, 'mobile', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await useToken(page, user.token);
    await page.goto('/chat');
    await page.getByRole('heading', { name: 'Hello, Bea' }).waitFor();
    // A program renamed to .pdf passes the browser's check by name; the service judges by content.
    await page
      .getByTestId('attachment-input')
      .setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: makeExe() }]);
    await composer(page).fill('Please look at this');
    await composer(page).press('Enter');
    await expect.poll(() => statusesOf(selected(page)), { timeout: 10_000 }).toEqual(['error']);
    expect(await selected(page).first().textContent()).toContain('This kind of file can’t be attached.');
    await page.getByText('Upload Failed', { exact: true }).first().waitFor();
    // The send was aborted: no message in the conversation, the words are back in the box.
    await expect.poll(() => composer(page).inputValue()).toBe('Please look at this');
    expect(await page.locator('article.iv-chat-message--user').count()).toBe(0);
    await screenshot(page, 'attachments-refused', 'mobile', 'en-light');
    // Files the browser can tell are not allowed never start uploading.
    await page
      .getByTestId('attachment-input')
      .setInputFiles([{ name: 'movie.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a movie') }]);
    await page.getByText('“movie.mp4” can’t be attached').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('screenshots', () => {
    const combinations = screenshotCombinations(['en', 'it'] as const);
    let user: User | undefined;

    it.each(combinations)('of the attachments (%s, %s, %s)', async (viewport, theme, language) => {
      user ??= await createUser('Emma');
      await api('/api/v1/settings/me', { method: 'PUT', token: user.token, json: { language, theme } });
      const context = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: theme });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, user.token);
      await page.goto('/chat');
      await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
      await composer(page).waitFor();
      // One file uploading (held), one sent message with its files above.
      await page.getByTestId('attachment-input').setInputFiles([pdf(), png()]);
      await composer(page).fill(language === 'it' ? 'Ecco i miei appunti' : 'Here are my notes');
      await composer(page).press('Enter');
      await page.locator('article.iv-chat-message--user .iv-attachments').waitFor({ timeout: 15_000 });
      await expect
        .poll(
          async () => (await page.locator('article.iv-chat-message--assistant').last().textContent()) ?? '',
          {
            timeout: 30_000,
          },
        )
        .toMatch(language === 'it' ? /significa per te/ : /means to you/);
      await expect.poll(() => selected(page).count(), { timeout: 10_000 }).toBe(0);
      const release = await holdUploads(page);
      await page.getByTestId('attachment-input').setInputFiles([pdf(), png()]);
      await composer(page).fill(language === 'it' ? 'E un altro' : 'And another one');
      await composer(page).press('Enter');
      await expect.poll(() => statusesOf(selected(page))).toEqual(['uploading', 'uploading']);
      await screenshot(page, 'attachments', viewport, `${language}-${theme}`);
      release();
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
