// Seeding for the chat browser benchmarks (run.ts, profile.ts): a verified person on the free trial
// and a long session, through the product's own API.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { type RunningProduct, startProduct } from '../../e2e/support/product.ts';

const PASSWORD = 'Bench#Chat2026';

let base = '';

/** Where the product answers (set once, before any call). */
export function useBase(url: string): void {
  base = url.replace(/\/$/, '');
}

export async function api(
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

export async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function logIn(email: string): Promise<string> {
  const login = await api('/api/v1/login/access-token', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: PASSWORD, grant_type: 'password', scope: '' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** A verified person on the free trial, signed in: sign-up, the mail's link, login, trial. */
export async function createPerson(): Promise<{ email: string; token: string }> {
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
export async function seedLongSession(
  token: string,
  count: number,
): Promise<{ id: string; firstId: string; lastId: string }> {
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
  return { id: sessionId!, firstId: transcript[0]!.id, lastId: transcript.at(-1)!.id };
}

export async function signedIn(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => {
    localStorage.setItem('access_token', value);
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
  }, token);
  return context;
}

/**
 * Runs `bench` with headless Chromium against the product: BENCH_BASE_URL's when set, else one
 * started here as `npm start` does (the offline coach answering at once, no trial quota or rate
 * limit in the way of seeding). Closes the browser and stops what it started, also on a failure.
 */
export async function withProductAndBrowser(bench: (browser: Browser) => Promise<void>): Promise<void> {
  let product: RunningProduct | undefined;
  if (process.env.BENCH_BASE_URL) useBase(process.env.BENCH_BASE_URL);
  else {
    product = await startProduct({
      OFFLINE_COACH_DELAY_MS: '0',
      TRIAL_TOKEN_QUOTA: '1000000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
    });
    useBase(product.url);
  }
  const browser = await launchChromium();
  try {
    await bench(browser);
  } finally {
    await browser.close();
    await product?.stop();
  }
}

/** A new, empty chat session of the person: its id. */
export async function newSession(token: string): Promise<string> {
  const response = await api('/api/v1/chat-sessions/', { method: 'POST', token, json: {} });
  return ((await response.json()) as { id: string }).id;
}
