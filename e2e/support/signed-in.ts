import { testUser } from '@innerview/api-client/testing/bodies';
import type { BrowserContext } from 'playwright-core';

/**
 * A signed-in user with an active subscription, as far as the front end can tell. The account
 * and billing screens are not built yet, so the browser cannot sign up and log in through them;
 * the two calls the guards make are answered here and a token is put where a login puts it.
 * Everything else (the shell, /config.json, the remotes and their texts) comes from the product.
 */
const STUB_USER = testUser();

export async function stubSignedInSession(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // What a "remember me" login stores (api-client token storage): a token and a future expiry.
    localStorage.setItem('access_token', 'e2e-token');
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('tokenExpiry', String(Date.now() + 24 * 60 * 60 * 1000));
  });
  // Every other call of the signed-in screens answered here too (routes registered later are tried
  // first), so that no call reaches the real gateway with the made-up token: a 401 would end the session.
  await context.route('**/api/v1/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/api\/v1/, '');
    if (path === '/users/me') return route.fulfill({ json: STUB_USER });
    if (path === '/chat-sessions/') return route.fulfill({ json: [] });
    if (path === '/chat/coach') return route.fulfill({ json: { coach: 'offline' } });
    return route.fulfill({ status: 404, json: { detail: 'Not Found' } });
  });
  await context.route('**/api/v1/login/test-token', (route) => route.fulfill({ json: STUB_USER }));
  await context.route('**/api/v1/subscriptions/status', (route) =>
    route.fulfill({ json: { subscription_status: 'monthly' } }),
  );
}
