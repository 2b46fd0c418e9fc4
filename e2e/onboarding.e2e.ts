import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, VIEWPORTS, watchPageErrors } from './support/browser.ts';
import { CLIENT_HEADERS } from './support/client.ts';
import { useProduct } from './support/product-fixture.ts';

// Onboarding end to end, against the real services (auth, billing, questionnaire, notifications):
// a person signs up (through the API), verifies and starts the trial, meets the intro screens and
// the invitation, answers steps 1–3, leaves, logs in again through the login screen and resumes at
// step 4, skips it, sees the incomplete summary, submits as is, lands in the chat, and prints the
// answers. In English and in German.

const e2e = useProduct();

type Lang = 'en' | 'de';
type Content = {
  intro: Array<{ title: string }>;
  steps: Array<{ step: number; title: string }>;
};
type Account = { email: string; password: string; token: string };

/** The texts of the onboarding screens the test looks for (from frontends/shell/locales). */
const TEXTS = {
  en: {
    continue: 'Continue',
    invitation: 'Get to know yourself better',
    start: 'Start the questionnaire',
    resume: (n: number) => `Continue at step ${n}`,
    stepOf: (n: number) => `Step ${n} of 8`,
    answer: 'Your answer',
    next: 'Next',
    back: 'Back',
    review: 'Review my answers',
    finishLater: 'Finish later',
    previouslyAnswered: 'Previously answered',
    incomplete: 'Some steps are still open',
    skippedSteps: 'Skipped steps',
    answerStep: (n: number, title: string) => `Answer step ${n}, ${title}`,
    toSummary: 'Back to the summary',
    submitAsIs: 'Submit as is',
    submitted: 'Thank you! Your questionnaire has been submitted.',
    printTitle: 'My reflective questionnaire',
    submittedOn: 'Submitted on',
    skipped: 'Skipped',
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
  },
  de: {
    continue: 'Weiter',
    invitation: 'Lerne dich besser kennen',
    start: 'Fragebogen starten',
    resume: (n: number) => `Bei Schritt ${n} weitermachen`,
    stepOf: (n: number) => `Schritt ${n} von 8`,
    answer: 'Deine Antwort',
    next: 'Weiter',
    back: 'Zurück',
    review: 'Antworten überprüfen',
    finishLater: 'Später beenden',
    previouslyAnswered: 'Bereits beantwortet',
    incomplete: 'Einige Schritte sind noch offen',
    skippedSteps: 'Übersprungene Schritte',
    answerStep: (n: number, title: string) => `Schritt ${n} beantworten, ${title}`,
    toSummary: 'Zurück zur Übersicht',
    submitAsIs: 'So abschicken',
    submitted: 'Danke! Dein Fragebogen wurde abgeschickt.',
    printTitle: 'Mein Reflexionsfragebogen',
    submittedOn: 'Abgeschickt am',
    skipped: 'Übersprungen',
    email: 'E-Mail',
    password: 'Passwort',
    logIn: 'Anmelden',
  },
} as const;

const ANSWERS: Record<Lang, string[]> = {
  en: [
    'Curious, a little tired, and ready for a change.',
    'A small town by a lake; my grandmother taught me patience. 🌊',
    'Moving abroad at 20 and coming back at 30.',
    '',
    'Mornings with coffee, afternoons in meetings.',
    'Long walks, music, cooking for friends.',
    'Finding work that feels meaningful.',
    'I would like to understand why I hesitate before big decisions.',
  ],
  de: [
    'Neugierig, etwas müde und bereit für eine Veränderung.',
    'Ein kleines Dorf am See; meine Grossmutter hat mich Geduld gelehrt. 🌊',
    'Mit 20 ins Ausland, mit 30 zurück.',
    '',
    'Morgens Kaffee, nachmittags Sitzungen.',
    'Lange Spaziergänge, Musik, für Freunde kochen.',
    'Eine Arbeit finden, die sich sinnvoll anfühlt.',
    'Ich möchte verstehen, warum ich vor grossen Entscheidungen zögere.',
  ],
};

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers({ ...CLIENT_HEADERS });
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${e2e.url}/api/v1${path}`, { ...init, headers });
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Retries `attempt` until it returns a value (events between services take a moment). */
async function eventually<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    // A poll interval while waiting for the condition, not a pause.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen in time${last ? `: ${String(last)}` : ''}`);
}

async function logIn(email: string, password: string): Promise<string> {
  const body = new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' });
  const { access_token } = await json<{ access_token: string }>(
    await api('/login/access-token', { method: 'POST', body }),
    'login',
  );
  return access_token;
}

/**
 * A verified person with an active free trial: sign-up, the verification link from the dev
 * mailbox, verification, login, and the trial (the onboarding guard needs freemium, monthly,
 * yearly or cancelled).
 */
async function createAccount(lang: Lang): Promise<Account> {
  const email = `onboarding-${lang}-${Date.now()}@example.ch`;
  const password = 'Sunrise-2026!';
  await json(
    await api('/users/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        date_of_birth: '1990-05-01',
        password,
        confirm_password: password,
        terms_accepted: true,
        privacy_accepted: true,
        language: lang,
      }),
    }),
    'signup',
  );
  const token = await eventually('the verification mail', async () => {
    const mails = await json<Array<{ links: string[] }>>(
      await fetch(`${e2e.url}/dev/mail?to=${encodeURIComponent(email)}`, { headers: CLIENT_HEADERS }),
      'dev mailbox',
    );
    const link = mails.flatMap((mail) => mail.links).find((l) => l.includes('verification-success?token='));
    return link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
  });
  await json(
    await api('/users/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    }),
    'verify',
  );
  const accessToken = await logIn(email, password);
  await eventually('the free trial', async () => {
    const response = await api('/subscriptions/freemium/activate', { method: 'POST', token: accessToken });
    if (!response.ok && response.status !== 409) return undefined;
    const status = await json<{ subscription_status: string | null }>(
      await api('/subscriptions/status', { token: accessToken }),
      'subscription status',
    );
    return status.subscription_status === 'freemium' ? true : undefined;
  });
  return { email, password, token: accessToken };
}

/** Stores the token as the api-client's `saveToken` does after a login without "remember me". */
async function putTokenInBrowser(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    // This tab's session storage only (ADR 51); each new page of the context gets it too.
    if (sessionStorage.getItem('access_token')) return;
    sessionStorage.setItem('access_token', value);
  }, token);
}

/** One screen at 1280 px and 390 px, light and dark (the theme follows the device: "system"). */
async function captureEverywhere(page: Page, name: string): Promise<void> {
  for (const viewport of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
      // Let colour transitions (buttons, fields) finish, so the picture shows the theme, not a blend.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
      );
      await screenshot(page, name, viewport, scheme === 'dark' ? 'dark' : undefined);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('main').getByRole('heading', { level: 1, name });
}

function stepHeading(page: Page, lang: Lang, content: Content, step: number) {
  const title = content.steps[step - 1]?.title ?? '';
  return heading(page, `${TEXTS[lang].stepOf(step)}: ${title}`);
}

/** Answers the step shown and moves on with Next; the next heading proves it was saved. */
async function answerAndGoOn(page: Page, lang: Lang, content: Content, step: number): Promise<void> {
  const text = TEXTS[lang];
  await page.getByRole('textbox', { name: text.answer }).fill(ANSWERS[lang][step - 1] ?? '');
  await page.getByRole('button', { name: step === 8 ? text.review : text.next, exact: true }).click();
  if (step < 8) await stepHeading(page, lang, content, step + 1).waitFor();
  else await heading(page, text.incomplete).waitFor();
}

describe('onboarding', () => {
  it.each(['en', 'de'] as const)(
    'invitation, steps 1–3, leave, log in again at step 4, skip it, submit as is, chat, print (%s)',
    async (lang) => {
      const text = TEXTS[lang];
      const content = await json<Content>(
        await api(`/questionnaire/intro-content?lang=${lang}`),
        'intro content',
      );
      const account = await createAccount(lang);

      // --- First visit: intro screens, invitation, steps 1–3, then leave. ---
      const first = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
      await putTokenInBrowser(first, account.token);
      const page = await first.newPage();
      const errors = watchPageErrors(page);
      let current = page;
      try {
        await page.goto(`/onboarding/introduction?lang=${lang}`);
        await heading(page, content.intro[0]?.title ?? '').waitFor();
        if (lang === 'en') await captureEverywhere(page, `onboarding-intro-${lang}`);
        await page.getByRole('button', { name: text.continue }).click();
        await heading(page, content.intro[1]?.title ?? '').waitFor();
        await page.getByRole('button', { name: text.continue }).click();
        await heading(page, text.invitation).waitFor();
        expect(new URL(page.url()).pathname).toBe('/onboarding/questionnaire-invitation');
        await captureEverywhere(page, `onboarding-invitation-${lang}`);

        await page.getByRole('button', { name: text.start }).click();
        await stepHeading(page, lang, content, 1).waitFor();
        for (const step of [1, 2, 3]) await answerAndGoOn(page, lang, content, step);
        expect(new URL(page.url()).search).toBe('?step=4');

        // The answer of step 3 is kept, marked, and reload keeps the step (it is in the URL).
        await page.getByRole('button', { name: text.back, exact: true }).click();
        await stepHeading(page, lang, content, 3).waitFor();
        await page.getByText(text.previouslyAnswered).waitFor();
        expect(await page.getByRole('textbox', { name: text.answer }).inputValue()).toBe(ANSWERS[lang][2]);
        await page.reload();
        await stepHeading(page, lang, content, 3).waitFor();
        await captureEverywhere(page, `onboarding-step-${lang}`);

        await page.getByRole('button', { name: text.finishLater }).click();
        await page.waitForURL((url) => url.pathname === '/chat');
        expect(errors).toEqual([]);
        await first.close();

        // --- Come back: log in through the login screen, resume at step 4 (docs/product.md#where-a-person-lands-after-signing-in). ---
        const second = await newContext(e2e.browser, e2e.url, 'mobile', { colorScheme: 'dark' });
        const again = await second.newPage();
        current = again;
        const againErrors = watchPageErrors(again);
        await again.goto(`/login?lang=${lang}`);
        await again.getByLabel(text.email, { exact: true }).fill(account.email);
        await again.getByLabel(text.password, { exact: true }).fill(account.password);
        await again.getByRole('button', { name: text.logIn, exact: true }).click();
        // Post-login routing sends a resume step above 1 to that step (the ?lang= of the login
        // page may come along).
        await again.waitForURL(
          (url) => url.pathname === '/onboarding/questionnaire' && url.searchParams.get('step') === '4',
        );
        await stepHeading(again, lang, content, 4).waitFor();

        // Skip step 4, answer 5–8, reach the incomplete summary.
        for (const step of [4, 5, 6, 7, 8]) await answerAndGoOn(again, lang, content, step);
        const skipped = again.getByRole('region', { name: text.skippedSteps });
        await skipped.getByText(content.steps[3]?.title ?? '').waitFor();
        expect(await skipped.getByRole('listitem').count()).toBe(1);
        await captureEverywhere(again, `onboarding-summary-incomplete-${lang}`);

        // Go back to the skipped step, leave it blank, and return to the summary.
        await skipped
          .getByRole('button', { name: text.answerStep(4, content.steps[3]?.title ?? '') })
          .click();
        await stepHeading(again, lang, content, 4).waitFor();
        await again.getByRole('button', { name: text.toSummary }).click();
        await heading(again, text.incomplete).waitFor();

        await again.getByRole('button', { name: text.submitAsIs }).click();
        await again.waitForURL((url) => url.pathname === '/chat');
        await again.getByRole('region').getByText(text.submitted).waitFor();

        const status = await json<{ status: string; skipped_steps: number[]; submitted_at: string | null }>(
          await api('/questionnaire/status', { token: account.token }),
          'questionnaire status',
        );
        expect(status.status).toBe('submitted');
        expect(status.skipped_steps).toEqual([4]);
        expect(status.submitted_at).not.toBeNull();
        // Onboarding is over: the invitation now leads to the chat.
        await eventually('onboarding completed', async () => {
          const onboarding = await json<{ onboarding_completed: boolean }>(
            await api('/users/me/onboarding-status', { token: account.token }),
            'onboarding status',
          );
          return onboarding.onboarding_completed ? true : undefined;
        });
        await again.goto('/onboarding/questionnaire-invitation');
        await again.waitForURL((url) => url.pathname === '/chat');

        // --- The viewer's print view: clean, with the submitted date and the answers. ---
        await again.goto('/onboarding/questionnaire/print');
        const print = again.getByTestId('questionnaire-print');
        await print.getByRole('heading', { level: 1, name: text.printTitle }).waitFor();
        await print.getByText(ANSWERS[lang][7] ?? '').waitFor();
        await print.getByText(new RegExp(`^${text.submittedOn} `)).waitFor();
        expect(await print.getByRole('heading', { level: 2 }).count()).toBe(8);
        expect(await print.getByText(text.skipped, { exact: true }).count()).toBe(1);
        expect(await again.getByRole('contentinfo').count()).toBe(0);
        await captureEverywhere(again, `questionnaire-print-${lang}`);
        await again.emulateMedia({ media: 'print' });
        expect(await print.locator('.iv-onb-print__toolbar').isVisible()).toBe(false);
        await screenshot(again, `questionnaire-print-${lang}`, 'desktop', 'print-media');
        expect(againErrors).toEqual([]);
        await second.close();
      } catch (error) {
        // What the page showed when it failed, beside the other screenshots.
        if (!current.isClosed()) await screenshot(current, `onboarding-failure-${lang}`, 'desktop');
        throw error;
      }
    },
  );
});
