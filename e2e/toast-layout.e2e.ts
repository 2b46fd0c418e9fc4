import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, VIEWPORTS } from './support/browser.ts';
import { repoRoot } from './support/product.ts';

// Where a toast's close button sits, in a real Chromium with the design system's stylesheet and
// the markup toast-item.tsx renders (a failed login: title, text, "Try again", close). No product
// is needed: `E2E_BASE_URL=http://unused npx vitest run --project e2e e2e/toast-layout.e2e.ts`.
// Issue 20: on phones the × landed between the text and the action, in the middle of the toast.
const styles = readFileSync(path.join(repoRoot, 'packages/ui/src/styles.css'), 'utf8');
const TOAST = `
<ol class="iv-toast-viewport">
  <li class="iv-toast" data-variant="destructive" tabindex="0">
    <div class="iv-toast__content">
      <div class="iv-toast__title">Error while signing in</div>
      <div class="iv-toast__description">Incorrect email or password. Please try again.</div>
    </div>
    <button type="button" class="iv-button iv-button--secondary iv-button--sm iv-toast__action">Try again</button>
    <button type="button" class="iv-icon-button iv-toast__close" aria-label="Close">×</button>
  </li>
</ol>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('toast', () => {
  it.each([
    ['phone', VIEWPORTS.mobile],
    ['phone 360', { width: 360, height: 740 }],
    ['desktop', VIEWPORTS.desktop],
  ])(
    '%s: the close button sits in the top-right corner, clear of the text and the action',
    async (_, viewport) => {
      const page = await browser.newPage({ viewport });
      await page.setContent(`<!doctype html><style>${styles}</style><body>${TOAST}</body>`);
      const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
      const toast = await box('.iv-toast');
      const close = await box('.iv-toast__close');
      const action = await box('.iv-toast__action');
      const content = await box('.iv-toast__content');
      expect(toast.x + toast.width - (close.x + close.width)).toBeLessThanOrEqual(12);
      expect(close.y - toast.y).toBeLessThanOrEqual(12);
      // Nothing to its right; nothing under it.
      for (const other of [action, content]) {
        const overlaps =
          other.x < close.x + close.width &&
          close.x < other.x + other.width &&
          other.y < close.y + close.height &&
          close.y < other.y + other.height;
        expect(overlaps).toBe(false);
        expect(other.x + other.width).toBeLessThanOrEqual(close.x);
      }
      await page.close();
    },
  );
});
