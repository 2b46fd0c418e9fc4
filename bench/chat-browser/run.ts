// `./node_modules/.bin/node bench/chat-browser/run.ts`: starts the product as `npm start` does (the
// offline coach answering at once, no trial quota or rate limit in the way of seeding), seeds one
// person with a session of MESSAGES messages and an empty one, opens both in headless Chromium RUNS
// times each (in-app and as a page load), scrolls the long one, and rewrites the
// `## Chat in the browser` section of docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type ChatBrowserReport,
  type Frames,
  machineNote,
  renderSection,
  replaceSection,
  summariseFrames,
} from './report.ts';
import { createPerson, logIn, newSession, seedLongSession, signedIn, withProductAndBrowser } from './seed.ts';

const docsFile = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
const runs = Number(process.env.RUNS ?? 5);
const messages = Number(process.env.MESSAGES ?? 1000);
const SCROLL_STEP_PX = 120;

/** What "open" waits for: the last message (or the greeting of an empty session) with a box in view. */
function visibleTarget(lastId: string | null): string {
  return lastId ? `[data-message-id="${lastId}"]` : '.iv-chat-greeting';
}

/** Resolves with performance.now() of the first frame in which `selector` is in the viewport. */
async function firstVisibleFrame(page: Page, selector: string): Promise<number> {
  // Waits for the page's own document (after a `commit`, the previous one may still be current).
  await page.waitForFunction(() => document.readyState !== 'loading', undefined, { timeout: 30_000 });
  try {
    return await page.evaluate(
      (target) =>
        new Promise<number>((resolve, reject) => {
          const deadline = performance.now() + 30_000;
          const check = () => {
            const box = document.querySelector(target)?.getBoundingClientRect();
            if (box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight)
              resolve(performance.now());
            else if (performance.now() > deadline)
              reject(new Error(`${target} not in view at ${location.pathname}`));
            else requestAnimationFrame(check);
          };
          check();
        }),
      selector,
    );
  } catch (err) {
    const articles = await page.locator('article').count();
    throw new Error(`${(err as Error).message} (${articles} messages in the page)`);
  }
}

async function pageLoad(context: BrowserContext, sessionId: string, lastId: string | null): Promise<number> {
  const page = await context.newPage();
  await page.goto(`/chat/${sessionId}`, { waitUntil: 'commit' });
  const at = await firstVisibleFrame(page, visibleTarget(lastId));
  await page.close();
  return at;
}

/** The transcript call of an in-app open: its time in the page and how many messages it asked for. */
type Open = { totalMs: number; transcriptMs: number; pageSize: number | null };

/** From a click on the session's link in the sidebar to its last message in view. */
async function inAppOpen(page: Page, sessionId: string, lastId: string | null): Promise<Open> {
  return page.evaluate(
    ({ href, target }) =>
      new Promise<Open>((resolve, reject) => {
        const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
        if (!link) return reject(new Error(`no link ${href}`));
        performance.clearResourceTimings();
        const start = performance.now();
        link.click();
        const check = () => {
          const box = document.querySelector(target)?.getBoundingClientRect();
          if (box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) {
            const totalMs = performance.now() - start;
            const call = performance
              .getEntriesByType('resource')
              .find((e) => e.name.includes('/transcript')) as PerformanceResourceTiming | undefined;
            const limit = call ? new URL(call.name).searchParams.get('limit') : null;
            resolve({
              totalMs,
              transcriptMs: call ? call.responseEnd - call.startTime : Number.NaN,
              pageSize: limit === null ? null : Number(limit),
            });
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { href: `/chat/${sessionId}`, target: visibleTarget(lastId) },
  );
}

/**
 * Scrolls the list from its end to its start, one step per frame, recording frame intervals. The
 * list reads older pages as it reaches its top: the scroll goes on until the session's first
 * message is in the page and no page is being read; frames spent waiting for a page count too.
 */
function scrollToTop(page: Page, firstId: string): Promise<Frames & { pages: number }> {
  return page.evaluate(
    ({ step, first }) =>
      new Promise<Frames & { pages: number }>((resolve, reject) => {
        performance.clearResourceTimings();
        const scroller = document.querySelector<HTMLElement>('.iv-chat-list')!;
        const deadline = performance.now() + 120_000;
        const intervalsMs: number[] = [];
        let last = performance.now();
        let distancePx = 0;
        const frame = (now: number) => {
          intervalsMs.push(now - last);
          last = now;
          const reading = document.querySelector('[data-testid="older-loading"]') !== null;
          if (scroller.scrollTop <= 0 && !reading && document.querySelector(first)) {
            const pages = performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/transcript')).length;
            return resolve({ intervalsMs: intervalsMs.slice(1), distancePx, pages });
          }
          if (now > deadline) return reject(new Error('the first message never came into the page'));
          const before = scroller.scrollTop;
          scroller.scrollTop = Math.max(0, before - step);
          distancePx += before - scroller.scrollTop;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { step: SCROLL_STEP_PX, first: `[data-message-id="${firstId}"]` },
  );
}

/** The same number of frames with nothing scrolling: the page's own pacing on this machine. */
function idleFrames(page: Page, count: number): Promise<Frames> {
  return page.evaluate(
    (n) =>
      new Promise<Frames>((resolve) => {
        const intervalsMs: number[] = [];
        let last = performance.now();
        const frame = (now: number) => {
          intervalsMs.push(now - last);
          last = now;
          if (intervalsMs.length > n) return resolve({ intervalsMs: intervalsMs.slice(1), distancePx: 0 });
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    count,
  );
}

async function main() {
  await withProductAndBrowser(async (browser) => {
    const person = await createPerson();
    console.log(`seeding ${messages} messages…`);
    const long = await seedLongSession(person.token, messages);
    // Seeding spent much of the gateway's per-minute request allowance (600 in embedded mode):
    // the browser starts with a fresh minute and a fresh login.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const token = await logIn(person.email);
    const empty = await newSession(token);

    const context = await signedIn(browser, token);
    const report: ChatBrowserReport = {
      date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      command: 'node bench/chat-browser/run.ts',
      machine: machineNote(browser.version()),
      messages,
      runs,
      loadEmptyMs: [],
      loadLongMs: [],
      switchEmptyMs: [],
      switchLongMs: [],
      transcriptMs: [],
      pageSize: null,
      olderPages: 0,
      renderedMessages: 0,
      idleFrames: summariseFrames([]),
      scrollFrames: summariseFrames([]),
      scrolledPx: 0,
    };
    // Warm-up: caches of the shell, the remote and the texts, as for a person coming back.
    await pageLoad(context, long.id, long.lastId);
    await pageLoad(context, empty, null);
    for (let i = 0; i < runs; i += 1) {
      report.loadEmptyMs.push(await pageLoad(context, empty, null));
      report.loadLongMs.push(await pageLoad(context, long.id, long.lastId));
    }

    const page = await context.newPage();
    await page.goto(`/chat/${empty}`);
    await firstVisibleFrame(page, visibleTarget(null));
    const scrolls: Frames[] = [];
    const idles: Frames[] = [];
    for (let i = 0; i < runs; i += 1) {
      const open = await inAppOpen(page, long.id, long.lastId);
      report.switchLongMs.push(open.totalMs);
      report.transcriptMs.push(open.transcriptMs);
      report.pageSize = open.pageSize;
      report.renderedMessages = await page.locator('article.iv-chat-message').count();
      const scrolled = await scrollToTop(page, long.firstId);
      scrolls.push(scrolled);
      report.olderPages = scrolled.pages;
      idles.push(await idleFrames(page, scrolled.intervalsMs.length));
      report.switchEmptyMs.push((await inAppOpen(page, empty, null)).totalMs);
    }
    report.scrollFrames = summariseFrames(scrolls);
    report.idleFrames = summariseFrames(idles);
    report.scrolledPx = scrolls.reduce((sum, s) => sum + s.distancePx, 0);
    await context.close();

    const section = renderSection(report);
    writeFileSync(docsFile, replaceSection(readFileSync(docsFile, 'utf8'), section));
    console.log(section);
  });
}

await main();
