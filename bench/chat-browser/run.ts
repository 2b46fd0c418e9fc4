// `./node_modules/.bin/node bench/chat-browser/run.ts`: starts the product as `npm start` does (the
// offline coach answering at once, no trial quota or rate limit in the way of seeding), seeds one
// person with a session of MESSAGES messages and an empty one, opens both in headless Chromium RUNS
// times each (in-app and as a page load), scrolls the long one, and rewrites the
// `## Chat in the browser` section of docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { type RunningProduct, startProduct } from '../../e2e/support/product.ts';
import {
  type ChatBrowserReport,
  type Frames,
  machineNote,
  renderSection,
  replaceSection,
  summariseFrames,
} from './report.ts';

const docsFile = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
const runs = Number(process.env.RUNS ?? 5);
const messages = Number(process.env.MESSAGES ?? 1000);
const PASSWORD = 'Bench#Chat2026';
const SCROLL_STEP_PX = 120;

let base = '';

async function api(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${base}${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function logIn(email: string): Promise<string> {
  const login = await api('/api/v1/login/access-token', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: PASSWORD, grant_type: 'password', scope: '' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** A verified person on the free trial, signed in: sign-up, the mail's link, login, trial. */
async function createPerson(): Promise<{ email: string; token: string }> {
  const email = `bench.chat.${randomUUID().slice(0, 8)}@example.ch`;
  const signup = await api('/api/v1/users/signup', {
    method: 'POST',
    json: {
      first_name: 'Bench',
      last_name: 'Reader',
      email,
      date_of_birth: '1990-01-01',
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms_accepted: true,
      privacy_accepted: true,
      language: 'en',
    },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const token = await until('verification mail', async () => {
    const mails = (await (await api(`/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
      links: string[];
    }>;
    const link = mails.flatMap((m) => m.links).find((l) => l.includes('verification-success'));
    return link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
  });
  await api('/api/v1/users/verify', { method: 'POST', json: { token } });
  const accessToken = await logIn(email);
  await until('free trial', async () => {
    const r = await api('/api/v1/subscriptions/freemium/activate', { method: 'POST', token: accessToken });
    return r.ok || r.status === 409 ? true : undefined;
  });
  return { email, token: accessToken };
}

/** A session of `count` messages: count / 2 messages, each answered by the offline coach. */
async function seedLongSession(token: string, count: number): Promise<{ id: string; lastId: string }> {
  let sessionId: string | null = null;
  for (let i = 0; i < count / 2; i += 1) {
    const body = {
      message: `Message ${i + 1}: today I noticed how I react when plans change.`,
      session_id: sessionId,
    };
    const reply: Response = await until('chat access', async () => {
      const r = await api('/api/v1/chat/', { method: 'POST', token, json: body });
      if (r.ok) return r;
      if (r.status !== 403 && r.status !== 429) throw new Error(`seeding: ${r.status} ${await r.text()}`);
      return undefined;
    });
    sessionId = ((await reply.json()) as { session_id: string }).session_id;
    if ((i + 1) % 100 === 0) console.log(`seeded ${(i + 1) * 2} messages`);
  }
  const transcript = (await (
    await api(`/api/v1/chat-sessions/${sessionId}/transcript`, { token })
  ).json()) as Array<{
    id: string;
  }>;
  if (transcript.length !== count)
    throw new Error(`transcript has ${transcript.length} entries, not ${count}`);
  return { id: sessionId!, lastId: transcript.at(-1)!.id };
}

async function signedIn(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => {
    localStorage.setItem('access_token', value);
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
  }, token);
  return context;
}

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

/** From a click on the session's link in the sidebar to its last message in view. */
async function inAppOpen(page: Page, sessionId: string, lastId: string | null): Promise<number> {
  return page.evaluate(
    ({ href, target }) =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
        if (!link) return reject(new Error(`no link ${href}`));
        const start = performance.now();
        link.click();
        const check = () => {
          const box = document.querySelector(target)?.getBoundingClientRect();
          if (box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight)
            resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { href: `/chat/${sessionId}`, target: visibleTarget(lastId) },
  );
}

/** Scrolls the list from its end to its start, one step per frame, recording frame intervals. */
function scrollToTop(page: Page): Promise<Frames> {
  return page.evaluate(
    (step) =>
      new Promise<Frames>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('.iv-chat-list')!;
        const intervalsMs: number[] = [];
        let last = performance.now();
        let distancePx = 0;
        const frame = (now: number) => {
          intervalsMs.push(now - last);
          last = now;
          if (scroller.scrollTop <= 0) return resolve({ intervalsMs: intervalsMs.slice(1), distancePx });
          const before = scroller.scrollTop;
          scroller.scrollTop = Math.max(0, before - step);
          distancePx += before - scroller.scrollTop;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    SCROLL_STEP_PX,
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
  let product: RunningProduct | undefined;
  if (process.env.BENCH_BASE_URL) base = process.env.BENCH_BASE_URL.replace(/\/$/, '');
  else {
    product = await startProduct({
      OFFLINE_COACH_DELAY_MS: '0',
      TRIAL_TOKEN_QUOTA: '1000000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
    });
    base = product.url;
  }
  const browser = await launchChromium();
  try {
    const person = await createPerson();
    console.log(`seeding ${messages} messages…`);
    const long = await seedLongSession(person.token, messages);
    // Seeding spent much of the gateway's per-minute request allowance (600 in embedded mode):
    // the browser starts with a fresh minute and a fresh login.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const token = await logIn(person.email);
    const empty = (
      (await (await api('/api/v1/chat-sessions/', { method: 'POST', token, json: {} })).json()) as {
        id: string;
      }
    ).id;

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
      report.switchLongMs.push(await inAppOpen(page, long.id, long.lastId));
      report.renderedMessages = await page.locator('article.iv-chat-message').count();
      const scrolled = await scrollToTop(page);
      scrolls.push(scrolled);
      idles.push(await idleFrames(page, scrolled.intervalsMs.length));
      report.switchEmptyMs.push(await inAppOpen(page, empty, null));
    }
    report.scrollFrames = summariseFrames(scrolls);
    report.idleFrames = summariseFrames(idles);
    report.scrolledPx = scrolls.reduce((sum, s) => sum + s.distancePx, 0);
    await context.close();

    const section = renderSection(report);
    writeFileSync(docsFile, replaceSection(readFileSync(docsFile, 'utf8'), section));
    console.log(section);
  } finally {
    await browser.close();
    await product?.stop();
  }
}

await main();
