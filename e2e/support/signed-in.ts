import type { BrowserContext } from 'playwright-core';

/**
 * A signed-in user with an active subscription, as far as the front end can tell. The account
 * and billing screens are not built yet, so the browser cannot sign up and log in through them;
 * the two calls the guards make are answered here and a token is put where a login puts it.
 * Everything else (the shell, /config.json, the remotes and their texts) comes from the product.
 */
export async function stubSignedInSession(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // What a "remember me" login stores (api-client token storage): a token and a future expiry.
    localStorage.setItem('access_token', 'e2e-token');
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 24 * 60 * 60 * 1000));
  });
  await context.route('**/api/v1/login/test-token', (route) =>
    route.fulfill({
      json: {
        id: '0190f0a0-0000-7000-8000-000000000001',
        email: 'ada@example.ch',
        first_name: 'Ada',
        is_onboarding_completed: true,
      },
    }),
  );
  await context.route('**/api/v1/subscriptions/status', (route) =>
    route.fulfill({ json: { subscription_status: 'monthly' } }),
  );
}
