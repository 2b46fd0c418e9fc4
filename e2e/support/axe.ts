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
  await page.evaluate(axeSource);
  // Contrast is measured on colours at rest: a theme's colours fading in, or a toast fading in or
  // out, would be read halfway. So axe runs once the finite animations have ended, and its run is
  // thrown away and made again if one started while it read the page (a toast that opened then).
  // Endless animations (a spinner) are not waited for.
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    );
    const run = await page.evaluate(runAxeAtRest);
    if (run.atRest || attempt === 5) return run.violations;
  }
}

/** Runs in the page: axe's violations, and whether an animation or transition began meanwhile. */
async function runAxeAtRest(): Promise<{ atRest: boolean; violations: AxeViolation[] }> {
  type Result = {
    violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
  };
  const { axe } = globalThis as unknown as {
    axe: { run(context: Document, options: object): Promise<Result> };
  };
  let atRest = true;
  const moved = () => {
    atRest = false;
  };
  const events = ['animationstart', 'transitionstart'] as const;
  for (const e of events) document.addEventListener(e, moved, true);
  try {
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return {
      atRest,
      violations: result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => String(n.target)),
      })),
    };
  } finally {
    for (const e of events) document.removeEventListener(e, moved, true);
  }
}
