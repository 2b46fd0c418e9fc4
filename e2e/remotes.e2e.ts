import { describe, expect, it } from 'vitest';
import { newContext, screenshot, type ViewportName, watchPageErrors } from './support/browser.ts';
import { useProduct } from './support/product-fixture.ts';
import { stubSignedInSession } from './support/signed-in.ts';

const e2e = useProduct();
const viewports: ViewportName[] = ['desktop', 'mobile'];

type ShareScope = Record<
  string,
  Record<string, Record<string, { from: string; loaded?: boolean; useIn?: string[] }>>
>;

describe('federated remotes', () => {
  it.each(viewports)(
    'the shell loads the chat and account remotes with one shared React (%s)',
    async (viewport) => {
      const context = await newContext(e2e.browser, e2e.url, viewport);
      await stubSignedInSession(context);
      const page = await context.newPage();
      const errors = watchPageErrors(page);

      await page.goto('/chat');
      const chat = page.locator('[data-remote="chat"]');
      await chat.getByRole('heading', { name: 'New chat', level: 1 }).waitFor();
      await chat.getByRole('heading', { name: 'Hello, Ada', level: 2 }).waitFor();
      await screenshot(page, 'remote-chat', viewport);

      // On a phone the chat's one menu holds the areas (ADR 60); on a desktop the top bar does.
      if (viewport === 'mobile') {
        await page.getByRole('button', { name: 'Open your chats and account' }).click();
        await page
          .getByRole('dialog', { name: 'Your chats and account' })
          .getByRole('link', { name: 'My profile' })
          .click();
      } else
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'My profile' })
          .click();
      await page
        .locator('[data-remote="account"][data-screen="profile"]')
        .getByRole('heading', { name: 'My profile' })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
      await screenshot(page, 'remote-account', viewport);

      // One React, one router, one store: every shared singleton the remotes use comes from the
      // shell, which provided it first, and exists in a single version.
      const shared = await page.evaluate(() => {
        const scopes = (
          globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, ShareScope> } }
        ).__FEDERATION__.__SHARE__;
        const result: Record<string, { versions: number; loadedFrom: string[] }> = {};
        for (const scope of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(scope.default ?? {})) {
            const loaded = Object.values(versions).filter((entry) => entry.loaded);
            result[name] = {
              versions: Object.keys(versions).length,
              loadedFrom: loaded.map((entry) => entry.from),
            };
          }
        }
        return result;
      });
      for (const name of [
        'react',
        'react-dom',
        'react-router',
        'react-i18next',
        'react-redux',
        '@innerview/ui',
      ]) {
        expect(shared[name], name).toEqual({ versions: 1, loadedFrom: ['shell'] });
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(viewports)(
    'a remote whose manifest is unreachable shows a translated error with a working Retry (%s)',
    async (viewport) => {
      const context = await newContext(e2e.browser, e2e.url, viewport);
      await stubSignedInSession(context);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      let manifestRequests = 0;
      await page.route('**/remotes/chat/mf-manifest.json', (route) => {
        manifestRequests += 1;
        return route.abort('connectionrefused');
      });

      await page.goto('/chat?lang=fr');
      const failure = page.getByTestId('remote-load-failure');
      await failure.getByText("Cette partie d'Innerview n'a pas pu être chargée").waitFor();
      const retry = failure.getByRole('button', { name: 'Réessayer' });
      await retry.waitFor();
      // The frame around the failed remote is still there: never a blank page (on a phone its
      // areas are behind the Menu button).
      await (viewport === 'mobile'
        ? page.getByRole('button', { name: 'Menu' })
        : page.getByRole('navigation', { name: 'Navigation principale' })
      ).waitFor();
      await screenshot(page, 'remote-unreachable', viewport);
      expect(manifestRequests).toBeGreaterThan(0);

      await page.unroute('**/remotes/chat/mf-manifest.json');
      await retry.click();
      const chat = page.locator('[data-remote="chat"]');
      await chat.getByRole('heading', { name: 'Nouvelle conversation', level: 1 }).waitFor();
      await chat.getByRole('heading', { name: 'Bonjour Ada', level: 2 }).waitFor();
      await expect(failure.count()).resolves.toBe(0);
      await screenshot(page, 'remote-retried', viewport);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
