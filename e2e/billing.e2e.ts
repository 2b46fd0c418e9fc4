import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext, screenshot, type ViewportName, watchPageErrors } from './support/browser.ts';
import {
  type ApiInit,
  callApi,
  createPerson,
  poll,
  settle,
  type Person as User,
  useToken,
} from './support/people.ts';
import { useProduct } from './support/product-fixture.ts';

// Subscriptions in a real Chromium against the product as `npm start` runs it, on the local payment
// provider: trial → monthly through the local checkout (a declined card first) → yearly scheduled
// → cancel → reactivate; a renewal that is declined (past due, the card updated on the local page);
// and a trial that expires (billing's clock moved through the test-only
// INNERVIEW_TEST_BILLING_CLOCK_FILE hook) landing on /trial-expired. Screenshots of pricing, a
// confirmation, success, trial expired and settings at desktop and 390 px, light and dark, en and fr.
// This file starts its own product: it needs the clock hook and a fast billing sweep.

const DAY_MS = 24 * 60 * 60 * 1000;
const clockDir = mkdtempSync(path.join(tmpdir(), 'innerview-billing-clock-'));
const clockFile = path.join(clockDir, 'offset-ms');
writeFileSync(clockFile, '0');

const e2e = useProduct({
  env: { INNERVIEW_TEST_BILLING_CLOCK_FILE: clockFile, BILLING_SWEEP_EVERY_MS: '1000' },
  own: true,
});
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const api = (path: string, init?: ApiInit) => callApi(e2e.url, path, init);
/** A verified account without any plan yet. */
const createUser = (firstName: string) => createPerson(e2e.url, { firstName, emailPrefix: 'e2e-billing' });

async function status(user: User): Promise<Record<string, unknown>> {
  return (await (await api('/api/v1/subscriptions/status', { token: user.token })).json()) as Record<
    string,
    unknown
  >;
}

function planCard(page: Page, plan: 'freemium' | 'monthly' | 'yearly') {
  return page.getByTestId(`plan-${plan}`);
}

function subscriptionSection(page: Page) {
  return page.getByTestId('settings-subscription');
}

async function fact(page: Page, key: string): Promise<string> {
  // Intl puts a no-break space between amount and currency.
  const text = await subscriptionSection(page).locator(`[data-fact="${key}"] dd`).textContent();
  return (text ?? '').replace(/\s/g, ' ');
}

async function payOnLocalCheckout(page: Page, card: string): Promise<void> {
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expiry|expiration/i).fill('12/40');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByRole('button', { name: /pay|save card/i }).click();
}

describe('subscriptions', () => {
  it('trial, days remaining, monthly through the local checkout (declined card first), yearly scheduled, cancel, reactivate', async () => {
    const user = await createUser('Ada');
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await useToken(page, user.token);

    // No plan yet: the pricing page with the three cards.
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('CHF');
    await planCard(page, 'monthly').getByText('CHF 19.00').waitFor();
    await planCard(page, 'yearly').getByText('2 months free').waitFor();
    expect(await planCard(page, 'yearly').getByText('CHF 190.00').count()).toBe(1);

    // Start the trial: asked first, nothing charged.
    await planCard(page, 'freemium').getByRole('button', { name: 'Start free trial' }).click();
    const trialDialog = page.getByRole('alertdialog', { name: 'Start your free trial?' });
    await trialDialog.getByText('Nothing is charged and no card is needed.', { exact: false }).waitFor();
    await trialDialog.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/auth/freemium-success');
    await page.getByRole('heading', { level: 1, name: 'Your free trial is active' }).waitFor();
    // Days remaining, as the trial has just started.
    await page.locator('[data-screen="freemium-success"] dd', { hasText: /^30$/ }).waitFor();

    // Upgrade to monthly: the confirmation says what is charged and what is lost.
    await page.goto('/pricing');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('CHF');
    await planCard(page, 'monthly').getByText('CHF 19.00').waitFor();
    await planCard(page, 'monthly').getByRole('button', { name: 'Upgrade now' }).click();
    const upgrade = page.getByRole('alertdialog', { name: 'Upgrade to monthly now?' });
    await upgrade
      .getByText('Your card is charged CHF 19.00 today and billing starts today.', { exact: false })
      .waitFor();
    await upgrade.getByText(/remaining \d+ days and what is left of your trial allowance are lost/).waitFor();
    await settle(page);
    await screenshot(page, 'billing-confirm-upgrade', 'desktop', 'en-light');
    await upgrade.getByRole('button', { name: 'Upgrade and pay' }).click();

    // The local provider's card page: a declined card first, then the one that pays.
    await page.waitForURL('**/api/v1/subscriptions/local-checkout/**');
    await payOnLocalCheckout(page, '4000 0000 0000 0002');
    await page
      .getByText('Your card was declined.', { exact: false })
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${page.url()}\n${await page.locator('body').textContent()}`);
      });
    expect((await status(user)).subscription_status).toBe('freemium');
    await payOnLocalCheckout(page, '4242 4242 4242 4242');

    // Back in the app: validated, then the paid success page.
    await page.waitForURL('**/subscription/success?plan=monthly', { timeout: 30_000 });
    const success = page.locator('[data-screen="subscription-success"]');
    await success.getByRole('heading', { level: 1, name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    await success.getByText('CHF 19.00').waitFor();
    await success.getByText('Next billing date').waitFor();
    await screenshot(page, 'billing-success', 'desktop', 'en-light');
    expect((await status(user)).subscription_status).toBe('monthly');

    // Settings: full access; switch to yearly for the next billing cycle.
    await page.goto('/settings');
    await subscriptionSection(page).getByText('Full access', { exact: true }).waitFor();
    expect(await fact(page, 'amount')).toBe('CHF 19.00 per month');
    await subscriptionSection(page).getByRole('button', { name: 'Switch to yearly' }).click();
    const toYearly = page.getByRole('alertdialog', { name: 'Switch to yearly?' });
    await toYearly.getByText('Nothing is charged until then.', { exact: false }).waitFor();
    await toYearly.getByRole('button', { name: /^Switch on / }).click();
    await subscriptionSection(page).locator('[data-fact="scheduledPlan"]').waitFor();
    expect(await fact(page, 'scheduledPlan')).toMatch(/^Yearly from /);
    expect((await status(user)).scheduled_plan).toBe('yearly');
    await screenshot(page, 'billing-settings', 'desktop', 'en-light');

    // Cancel at the period end (with a reason), then reactivate.
    await subscriptionSection(page).getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await cancel.getByText('No refund is made for the time left.', { exact: false }).waitFor();
    await cancel.getByLabel('Why are you leaving? (optional)').fill('Trying the e2e path');
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await subscriptionSection(page).getByText('Full access (cancelled)').waitFor();
    expect((await status(user)).subscription_status).toBe('cancelling_at_period_end');
    await subscriptionSection(page).getByRole('button', { name: 'Reactivate' }).click();
    const reactivate = page.getByRole('alertdialog', { name: 'Reactivate your subscription?' });
    await reactivate.getByRole('button', { name: 'Reactivate' }).click();
    await subscriptionSection(page).getByText('Full access', { exact: true }).waitFor();
    expect((await status(user)).subscription_status).toBe('monthly');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a trial that runs out leads to /trial-expired, with upgrade and log out', async () => {
    const user = await createUser('Bea');
    await poll('trial', async () => {
      const response = await api('/api/v1/subscriptions/freemium/activate', {
        method: 'POST',
        token: user.token,
      });
      return response.ok ? true : undefined;
    });
    // Billing's time jumps past the 30 days; its sweep (every second here) expires the trial.
    writeFileSync(clockFile, String(31 * DAY_MS));
    try {
      await poll('trial expiry', async () =>
        (await status(user)).subscription_status === 'expired' ? true : undefined,
      );
      const context = await newContext(e2e.browser, e2e.url, 'mobile', { colorScheme: 'light' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, user.token);
      await page.goto('/chat');
      await page.waitForURL('**/trial-expired');
      await page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }).waitFor();
      expect(await page.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
      await page.getByRole('button', { name: 'Log out' }).waitFor();
      await screenshot(page, 'billing-trial-expired', 'mobile', 'en-light');
      // Upgrading is what is left: the trial card says it was used.
      await page.getByRole('link', { name: 'Upgrade' }).click();
      await planCard(page, 'freemium').getByText('You have already used your free trial.').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      writeFileSync(clockFile, '0');
    }
  });

  it('a declined renewal: the payment-overdue notice with its date, a new card (declined first), full access again', async () => {
    const user = await createUser('Dora');
    const context = await newContext(e2e.browser, e2e.url, 'desktop', { colorScheme: 'light' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await useToken(page, user.token);
    // Monthly with the test card that pays once and declines every renewal.
    const checkout = await api('/api/v1/subscriptions/checkout/monthly?currency=CHF', {
      method: 'POST',
      token: user.token,
    });
    expect(checkout.status).toBe(200);
    await page.goto(((await checkout.json()) as { url: string }).url);
    await payOnLocalCheckout(page, '4000 0000 0000 0341');
    await page.waitForURL('**/subscription/success?plan=monthly', { timeout: 30_000 });
    await poll('monthly', async () =>
      (await status(user)).subscription_status === 'monthly' ? true : undefined,
    );

    // A month and a day later billing's sweep tries the renewal, which is declined.
    writeFileSync(clockFile, String(31 * DAY_MS));
    try {
      const pastDue = await poll('past due', async () => {
        const now = await status(user);
        return now.subscription_status === 'past_due' ? now : undefined;
      });
      const until = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${pastDue.access_until as string}T00:00:00Z`),
      );
      await page.goto('/chat');
      const notice = page.getByTestId('payment-overdue');
      await notice.getByText('Payment overdue').waitFor();
      await notice
        .getByText(
          `Your last payment didn't go through. You keep limited access until ${until}: update your payment method to keep your subscription.`,
        )
        .waitFor();
      // The chat sidebar says it too, and chat stays open until that date.
      await page.getByTestId('sidebar-plan').getByText('Payment overdue').waitFor();
      await settle(page);
      await screenshot(page, 'billing-past-due', 'desktop', 'en-light');
      // The same in German and dark, at desktop width and on a phone.
      for (const viewport of ['desktop', 'mobile'] as const) {
        const other = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: 'dark' });
        const view = await other.newPage();
        await useToken(view, user.token);
        await view.goto('/chat?lang=de');
        await view.getByTestId('payment-overdue').getByText('Zahlung überfällig').waitFor();
        // On a phone the notice above the chat is the one line about it (ADR 60: nothing hides in the menu).
        if (viewport === 'desktop')
          await view.getByTestId('sidebar-plan').getByText('Zahlung überfällig').waitFor();
        await settle(view);
        await screenshot(view, 'billing-past-due', viewport, 'de-dark');
        await other.close();
      }

      await notice.getByRole('button', { name: 'Update payment method' }).click();
      await page.waitForURL('**/api/v1/subscriptions/local-checkout/**');
      await payOnLocalCheckout(page, '4000 0000 0000 0002');
      await page.getByText('Your card was declined.', { exact: false }).waitFor({ timeout: 10_000 });
      expect((await status(user)).subscription_status).toBe('past_due');
      await payOnLocalCheckout(page, '4242 4242 4242 4242');
      await page.waitForURL('**/subscription/success?payment_method=updated', { timeout: 30_000 });
      const updated = page.locator('[data-screen="payment-method-updated"]');
      await updated.getByRole('heading', { level: 1, name: 'Payment method updated' }).waitFor();
      await updated.getByText('Your new payment method will be used for your next payments.').waitFor();
      // The renewal is charged to the new card: a monthly plan again, and no notice.
      expect((await status(user)).subscription_status).toBe('monthly');
      await page.goto('/chat');
      await page.getByTestId('sidebar-plan').getByText('Your plan: Monthly').waitFor();
      expect(await page.getByTestId('payment-overdue').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      writeFileSync(clockFile, '0');
    }
  });

  it('looks right at desktop and 390 px, light and dark, in English and French', async () => {
    const user = await createUser('Cleo');
    await poll('trial', async () => {
      const response = await api('/api/v1/subscriptions/freemium/activate', {
        method: 'POST',
        token: user.token,
      });
      return response.ok ? true : undefined;
    });
    const variants: Array<{ viewport: ViewportName; lang: 'en' | 'fr'; scheme: 'light' | 'dark' }> = [
      { viewport: 'desktop', lang: 'fr', scheme: 'dark' },
      { viewport: 'mobile', lang: 'en', scheme: 'dark' },
      { viewport: 'mobile', lang: 'fr', scheme: 'light' },
    ];
    for (const { viewport, lang, scheme } of variants) {
      const context: BrowserContext = await newContext(e2e.browser, e2e.url, viewport, {
        colorScheme: scheme,
      });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await useToken(page, user.token);
      const suffix = `${lang}-${scheme}`;
      const title = lang === 'fr' ? 'Choisissez votre formule' : 'Choose your plan';
      await page.goto(`/pricing?lang=${lang}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await planCard(page, 'monthly').getByRole('button').first().waitFor();
      await page.locator('.iv-billing-plan__amount', { hasText: /\d/ }).first().waitFor();
      await screenshot(page, 'billing-pricing', viewport, suffix);
      await planCard(page, 'yearly')
        .getByRole('button', { name: lang === 'fr' ? 'Passer à l’abonnement' : 'Upgrade now' })
        .click();
      await page.getByRole('alertdialog').waitFor();
      await settle(page);
      await screenshot(page, 'billing-confirm-upgrade', viewport, suffix);
      await page.getByRole('button', { name: lang === 'fr' ? 'Pas maintenant' : 'Not now' }).click();
      await page.goto(`/auth/freemium-success?lang=${lang}`);
      await page.locator('[data-screen="freemium-success"] dd').first().waitFor();
      await screenshot(page, 'billing-freemium-success', viewport, suffix);
      // Someone whose trial still runs is never told it ended (issue 20); a visitor sees the screen.
      await page.goto(`/trial-expired?lang=${lang}`);
      await page.waitForURL((url) => url.pathname !== '/trial-expired');
      const visitorContext = await newContext(e2e.browser, e2e.url, viewport, { colorScheme: scheme });
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/trial-expired?lang=${lang}`);
      await visitor.locator('[data-screen="trial-expired"]').waitFor();
      await screenshot(visitor, 'billing-trial-expired', viewport, suffix);
      await visitorContext.close();
      await page.goto(`/settings?lang=${lang}`);
      await subscriptionSection(page).locator('[data-fact="daysRemaining"]').waitFor();
      await screenshot(page, 'billing-settings', viewport, suffix);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
