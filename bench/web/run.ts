// `npm run bench:web`: starts the product as `npm start` does, loads /login in headless Chromium
// RUNS times (default 7), and writes the `## Web budget` section of docs/benchmarks.md.
// BENCH_BASE_URL measures a product that is already running instead.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { type RunningProduct, startProduct } from '../../e2e/support/product.ts';
import {
  BUDGET,
  machineNote,
  median,
  renderWebSection,
  replaceWebSection,
  type ScriptLoad,
  sourcePackage,
} from './report.ts';

const docsFile = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
const runs = Number(process.env.RUNS ?? 7);

// The login form once the login screen exists; until then the /login route's titled heading.
const VISIBLE_SELECTOR = 'main form, main [data-screen="login"] h1';
const VISIBLE_TARGET = 'the login form (or, until the login screen is built, the `/login` page heading)';

/** What a script holds, by package, from its source map when one is published beside it. */
async function contentsOf(url: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(`${url}.map`);
    if (!response.ok) return undefined;
    const { sources } = (await response.json()) as { sources?: string[] };
    const counts = new Map<string, number>();
    for (const source of sources ?? []) {
      const name = sourcePackage(source);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name]) => name)
      .slice(0, 4);
  } catch {
    return undefined;
  }
}

type Load = { scripts: ScriptLoad[]; visibleMs: number };

async function loadLogin(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Records the first animation frame in which the target has a size, in ms since navigation start.
  await context.addInitScript((selector: string) => {
    const check = () => {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) {
        (window as unknown as { __loginVisibleAt: number }).__loginVisibleAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, VISIBLE_SELECTOR);
  const page = await context.newPage();
  const pending: Array<Promise<ScriptLoad | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 6 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(`${url}/login`, { waitUntil: 'load' });
  await page.waitForFunction(() => '__loginVisibleAt' in window, undefined, {
    timeout: 30_000,
  });
  // Whatever the page still fetches right after (lazy chunks of the screen) counts too.
  await page.waitForLoadState('networkidle');
  const visibleMs = await page.evaluate(
    () => (window as unknown as { __loginVisibleAt: number }).__loginVisibleAt,
  );
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== null);
  await context.close();
  return { scripts, visibleMs };
}

let product: RunningProduct | undefined;
let browser: Browser | undefined;
try {
  const external = process.env.BENCH_BASE_URL?.replace(/\/$/, '');
  if (!external) {
    console.log('Starting the product (npm start)…');
    product = await startProduct();
  }
  const url = external ?? product!.url;
  browser = await launchChromium();
  await loadLogin(browser, url); // warm-up: the server's first answers, Chromium's own start-up
  const loads: Load[] = [];
  for (let i = 0; i < runs; i++) loads.push(await loadLogin(browser, url));
  const scripts = loads[0]!.scripts;
  for (const script of scripts) script.contents = await contentsOf(script.url);
  const report = {
    command: 'npm run bench:web',
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    url: '/login',
    runs,
    visibleTarget: VISIBLE_TARGET,
    scripts,
    visibleMs: loads.map((l) => l.visibleMs),
    chromium: browser.version(),
  };
  const section = renderWebSection(report, machineNote(report.chromium));
  const existing = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : undefined;
  writeFileSync(docsFile, replaceWebSection(existing, section));
  const totalGzip = report.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const visible = median(report.visibleMs);
  console.log(section);
  console.log(
    `JavaScript ${(totalGzip / 1024).toFixed(1)} KB gzip (target ${BUDGET.loginJsGzipBytes / 1024} KB), ` +
      `visible after ${Math.round(visible)} ms (target ${BUDGET.loginVisibleMs} ms). Written to docs/benchmarks.md.`,
  );
} finally {
  await browser?.close();
  await product?.stop();
}
