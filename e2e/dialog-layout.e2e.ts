import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, VIEWPORTS } from './support/browser.ts';
import { repoRoot } from './support/product.ts';

// The buttons of a small confirmation dialog (the cancel dialog of settings) in a real Chromium
// with the design system's stylesheet and the markup ConfirmDialog renders. No product is needed:
// `E2E_BASE_URL=http://unused npx vitest run --project e2e e2e/dialog-layout.e2e.ts`.
// Issue 20: with long labels the two buttons wrapped unevenly, a short one above a long one.
const styles = readFileSync(path.join(repoRoot, 'packages/ui/src/styles.css'), 'utf8');
const dialog = (keep: string, confirm: string) => `
<div role="alertdialog" class="iv-dialog iv-dialog--sm" style="position:static;transform:none;margin:16px auto">
  <div class="iv-dialog__header"><h2 class="iv-dialog__title">Title</h2></div>
  <div class="iv-dialog__footer">
    <button type="button" class="iv-button iv-button--secondary">${keep}</button>
    <button type="button" class="iv-button iv-button--danger">${confirm}</button>
  </div>
</div>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('a small dialog’s buttons', () => {
  const labels = [
    ['en', 'Keep my subscription', 'Cancel subscription'],
    ['de', 'Abo behalten', 'Abo kündigen'],
    ['fr', 'Conserver mon abonnement', 'Résilier l’abonnement'],
    ['long', 'Keep my subscription running as it is', 'Cancel my subscription at the end of the period'],
  ] as const;
  const widths = [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.mobile],
    ['phone 360', { width: 360, height: 740 }],
  ] as const;
  const cases = labels.flatMap((l) => widths.map((w) => [...l, ...w] as const));

  it.each(cases)(
    '%s at %s: one even row, or each button the full width',
    async (_l, keep, confirm, _w, viewport) => {
      const page = await browser.newPage({ viewport });
      await page.setContent(`<!doctype html><style>${styles}</style><body>${dialog(keep, confirm)}</body>`);
      // Fonts and the buttons' transitions settle before anything is measured.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const footer = (await page.locator('.iv-dialog__footer').boundingBox())!;
      const boxes = await page
        .locator('.iv-dialog__footer > button')
        .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as DOMRect));
      const [a, b] = boxes as [DOMRect, DOMRect];
      expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
      if (Math.abs(a.top - b.top) < 1) {
        // Side by side: together they fill the row.
        expect(Math.min(a.left, b.left) - footer.x).toBeLessThanOrEqual(1);
        expect(footer.x + footer.width - Math.max(a.right, b.right)).toBeLessThanOrEqual(1);
      } else {
        for (const box of [a, b]) expect(Math.abs(box.width - footer.width)).toBeLessThanOrEqual(1);
      }
      await page.close();
    },
  );
});
