import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * axe-core's WCAG 2.x A/AA rules on the page once its finite animations have ended. Evaluated through the debugging
 * protocol, which the page's Content-Security-Policy (scripts from 'self' only) does not block.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Contrast is measured on colours at rest: a theme's colours fading in, or a toast fading out,
  // would be read halfway. Endless animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown }>;
      }>;
    };
    const { axe } = globalThis as unknown as {
      axe: { run(context: Document, options: object): Promise<Result> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
  });
}
