import type { CurrentUserResponse } from '@innerview/contracts/auth';
import type { BrowserContext } from 'playwright-core';

/**
 * A signed-in user with an active subscription, as far as the front end can tell. The account
 * and billing screens are not built yet, so the browser cannot sign up and log in through them;
 * the two calls the guards make are answered here and a token is put where a login puts it.
 * Everything else (the shell, /config.json, the remotes and their texts) comes from the product.
 */
const STUB_USER: CurrentUserResponse = {
  id: '0190f0a0-0000-7000-8000-000000000001',
  email: 'ada@example.ch',
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  language: 'en',
  theme: 'system',
  is_verified: true,
  is_active: true,
  terms_accepted: true,
  privacy_accepted: true,
  created_at: '2026-01-05T09:00:00.000Z',
  user: { id: '0190f0a0-0000-7000-8000-000000000001', is_onboarding_completed: true },
};

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
