import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeServiceWorker } from '../frontends/shell/build/write-service-worker.ts';
import { axeViolations } from './support/axe.ts';
import { newContext, screenshot, VIEWPORTS, type ViewportName } from './support/browser.ts';
import { createPerson, logInByApi, type Person, useToken } from './support/people.ts';
import { repoRoot } from './support/product.ts';
import { useProduct } from './support/product-fixture.ts';

// The installable app (issue 20 item 1, ADR 54) in Chromium against its own product, which serves
// a copy of the built front ends (FRONTENDS_DIR) so that the last test can deploy a new release.
const deployment = mkdtempSync(path.join(tmpdir(), 'innerview-pwa-'));
const e2e = useProduct({ own: true, env: { FRONTENDS_DIR: deployment } });
beforeAll(() => {
  // After the product started (which builds stale front ends): the gateway reads the files per request.
  for (const app of ['shell', 'chat', 'account'])
    cpSync(path.join(repoRoot, 'frontends', app, 'dist'), path.join(deployment, app, 'dist'), {
      recursive: true,
    });
});
afterAll(() => rmSync(deployment, { recursive: true, force: true }));

const OFFLINE_CACHE = 'innerview-offline';

async function controlledPage(context: BrowserContext, target: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(target);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${e2e.url}/sw.js`);
  return page;
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

async function sendAndWait(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: /Your message|Votre message/ });
  await composer.fill(text);
  await composer.press('Enter');
  await page
    .getByRole('status')
    .filter({ hasText: /Your coach has replied|Votre coach a répondu/ })
    .waitFor({
      state: 'attached',
      timeout: 30_000,
    });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Screens at both widths, light and dark (system theme), for `shot`'s name and language. */
async function shootAll(page: Page, name: string, lang: string, reload: () => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await reload();
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await screenshot(page, name, viewport, `${lang}-${scheme}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await expectNoAxeViolations(page);
  }
}

describe('installable app', () => {
  let person: Person;
  beforeAll(async () => {
    person = await createPerson(e2e.url, { firstName: 'Noor', emailPrefix: 'pwa', chatReady: true });
  });
  /** A login of its own per test: the offline test logs out, which ends the first token's session. */
  async function freshToken(): Promise<string> {
    const login = await logInByApi(e2e.url, person.email);
    expect(login.status).toBe(200);
    return ((await login.json()) as { access_token: string }).access_token;
  }

  it('links a valid manifest whose icons load, serves /favicon.ico, and the service worker controls the page after a reload', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestResponse = await page.request.get(href!);
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);

    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
    expect(parsed.errors).toEqual([]);
    const manifest = (await manifestResponse.json()) as { icons: Array<{ src: string; type: string }> };
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i) => i.src), touchIcon!, '/favicon.ico']) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toMatch(/^image\//);
    }

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${e2e.url}/sw.js`);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Playwright's contexts are incognito windows, where Chromium never installs; nothing else may stand in the way.
    expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offline: the offline page in the person’s language with the last conversation read-only, the login kept', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const first = await context.newPage();
    await useToken(first, person.token);
    await first.close();
    const page = await controlledPage(context, '/chat');
    await sendAndWait(page, 'I would like to sleep better before Mondays.');
    const sessionPath = new URL(page.url()).pathname;
    expect(sessionPath).toMatch(/^\/chat\/.+/);
    // Kept on the device (remember me: Cache Storage), and the chat remote's files are cached.
    await expect.poll(() => cacheNames(page)).toContain(OFFLINE_CACHE);
    const remotes = (await cacheNames(page)).filter((name) => name.startsWith('innerview-remotes-'));
    expect(remotes).toHaveLength(1);

    await context.setOffline(true);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    const conversation = page.getByTestId('offline-conversation');
    await expect
      .poll(() => conversation.textContent())
      .toContain('I would like to sleep better before Mondays.');
    expect(await page.getByRole('textbox').count()).toBe(0);

    // Loaded again without a network: the service worker serves this release's shell.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await expect
      .poll(() => conversation.textContent())
      .toContain('I would like to sleep better before Mondays.');
    await shootAll(page, 'offline', 'en', async () => {
      await page.goto(`${sessionPath}?lang=en`);
      await conversation.waitFor();
    });
    await shootAll(page, 'offline', 'fr', async () => {
      await page.goto(`${sessionPath}?lang=fr`);
      await page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
      await conversation.waitFor();
    });
    await page.emulateMedia({ colorScheme: 'light' });

    // Reading offline did not cost the login: the token is still stored on the device.
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(person.token);
    await context.close();
  });

  it('logout forgets the conversation kept for offline reading', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const first = await context.newPage();
    await useToken(first, person.token);
    await first.close();
    const page = await controlledPage(context, '/chat');
    await sendAndWait(page, 'Something to read on the train.');
    await expect.poll(() => cacheNames(page)).toContain(OFFLINE_CACHE);
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/chat'));
    await expect.poll(() => cacheNames(page)).not.toContain(OFFLINE_CACHE);
    expect(await page.evaluate(() => sessionStorage.getItem('innerview.lastConversation'))).toBeNull();
    await context.close();
  });

  it('offers to install once after a few messages; Not now is remembered', async () => {
    const token = await freshToken();
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const first = await context.newPage();
    await useToken(first, token);
    await first.evaluate(() => localStorage.setItem('innerview.messagesSent', '2'));
    await first.close();
    const page = await controlledPage(context, '/chat');
    // Chromium shows its install prompt only for a real person's engagement: the page gets the
    // browser's event as Chromium would fire it.
    const offerInstall = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await offerInstall();
    const offer = page.getByRole('region', { name: /Install Innerview|Installer Innerview/ });
    expect(await offer.count()).toBe(0);
    await sendAndWait(page, 'A third message.');
    await offer.waitFor();

    for (const lang of ['en', 'fr']) {
      await shootAll(page, 'install-offer', lang, async () => {
        await page.goto(`/chat?lang=${lang}`);
        await page.getByRole('textbox', { name: /Your message|Votre message/ }).waitFor();
        await offerInstall();
        await offer.waitFor();
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/chat?lang=en');
    await offerInstall();
    await page.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await offerInstall();
    await sendAndWait(page, 'A fourth message.');
    expect(await offer.count()).toBe(0);
    await context.close();
  });

  /** The service worker registration's workers and their states (the absent ones left out). */
  const workerStates = (page: Page) =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const states: Record<string, string> = {};
      for (const kind of ['installing', 'waiting', 'active'] as const) {
        const worker = registration?.[kind];
        if (worker) states[kind] = worker.state;
      }
      return states;
    });

  it('a new deployment is picked up on the next load, and its files replace the cached ones', async () => {
    const context = await newContext(e2e.browser, e2e.url, 'desktop');
    const first = await context.newPage();
    await useToken(first, await freshToken());
    await first.close();
    const page = await controlledPage(context, '/chat');
    const remotesCaches = async () =>
      (await cacheNames(page)).filter((n) => n.startsWith('innerview-remotes-'));
    await expect.poll(remotesCaches).toHaveLength(1);
    const [oldRemotes] = await remotesCaches();

    // A new release of the shell: its entry script changed (a new content hash), the old one is gone.
    const dist = path.join(deployment, 'shell', 'dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const oldMain = /main\.[0-9a-f]{8}\.js/.exec(html)![0];
    const code = `${readFileSync(path.join(dist, oldMain), 'utf8')}\n;globalThis.innerviewRelease = 'second';\n`;
    const newMain = `main.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    writeFileSync(path.join(dist, newMain), code);
    unlinkSync(path.join(dist, oldMain));
    if (existsSync(path.join(dist, `${oldMain}.map`))) unlinkSync(path.join(dist, `${oldMain}.map`));
    writeFileSync(path.join(dist, 'index.html'), html.replace(oldMain, newMain));
    const { release } = await writeServiceWorker(dist);

    await page.reload();
    expect(await page.evaluate(() => (globalThis as { innerviewRelease?: string }).innerviewRelease)).toBe(
      'second',
    );
    // The new worker takes over and its precache holds the new file, not the old one.
    const precached = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          if (name.includes('precache'))
            for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
        return urls.map((url) => new URL(url).pathname);
      });
    await expect.poll(precached, { timeout: 30_000 }).toContain(`/${newMain}`);
    // The install of about a hundred files takes 2 to 3 s. Chromium once parked the new worker in
    // "waiting" for over a minute here (2026-11-28), which the page now answers by asking it again
    // (register-service-worker.ts); awaited as the registration settling, so that a failure says
    // whether the new worker took over at all.
    await expect
      .poll(() => workerStates(page), { timeout: 60_000, message: 'the new worker takes over' })
      .toEqual({ active: 'activated' });
    // …and once it is active, the old release's files are gone from it.
    await expect
      .poll(precached, { timeout: 10_000, message: "the old release's files leave the precache" })
      .not.toContain(`/${oldMain}`);
    // No remote file cached for the old release is left for the new one to mix with.
    await expect.poll(() => cacheNames(page)).not.toContain(oldRemotes);
    expect((await remotesCaches()).filter((n) => !n.endsWith(release))).toEqual([]);

    // Offline, the next load runs the new release from the cache.
    await context.setOffline(true);
    await page.reload();
    expect(await page.evaluate(() => (globalThis as { innerviewRelease?: string }).innerviewRelease)).toBe(
      'second',
    );
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await context.close();
  });
});
