import { createStore, DEFAULT_API_BASE, sessionChecked, setApiBase } from '@innerview/api-client';
import { testSubscription, testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../routing/paths.ts';
import { renderRoutes } from '../../test-support/render-app.tsx';
import {
  freemiumSuccessRoute,
  pricingRoute,
  subscriptionExpiredRoute,
  subscriptionSuccessRoute,
  subscriptionValidationRoute,
  trialExpiredRoute,
} from './billing-routes.tsx';
import { browserLocation } from './billing-support.ts';

// The subscription screens in the shell's providers with their real English texts, against a fake
// billing service answering by method and path.

const TRIAL = testSubscription({
  subscription_status: 'freemium',
  end_date: '2026-11-26',
  access_until: '2026-11-26',
  trial_end_date: '2026-11-26',
  days_remaining: 5,
  remaining_trial_tokens: 50_000,
  show_trial_warning: true,
});

const MONTHLY = testSubscription({ subscription_status: 'monthly', days_remaining: 30 });

const PRICES = {
  payment_provider: 'local',
  currency: 'CHF',
  currencies: ['CHF', 'EUR', 'USD'],
  vat_included: true,
  prices: [
    {
      plan: 'freemium',
      currency: 'CHF',
      amount_minor: 0,
      interval: null,
      trial_days: 30,
      monthly_equivalent_minor: 0,
    },
    {
      plan: 'monthly',
      currency: 'CHF',
      amount_minor: 1900,
      interval: 'month',
      trial_days: null,
      monthly_equivalent_minor: 1900,
    },
    {
      plan: 'yearly',
      currency: 'CHF',
      amount_minor: 19000,
      interval: 'year',
      trial_days: null,
      monthly_equivalent_minor: 1583,
    },
  ],
};

const option = (plan: string, action: string, message: string, extra: object = {}) => ({
  plan,
  action,
  reason: null,
  charge_now_minor: 0,
  amount_minor: plan === 'yearly' ? 19000 : plan === 'monthly' ? 1900 : 0,
  currency: 'CHF',
  first_charge_date: null,
  effective_date: null,
  trial_days_lost: 0,
  trial_tokens_lost: 0,
  message,
  ...extra,
});

const TRIAL_OPTIONS = {
  subscription_status: 'freemium',
  current_plan: 'freemium',
  scheduled_plan: null,
  currency: 'CHF',
  options: [
    option('freemium', 'current', 'current_plan'),
    option('monthly', 'checkout', 'trial_to_monthly', {
      charge_now_minor: 1900,
      first_charge_date: '2026-11-21',
      effective_date: '2026-11-21',
      trial_days_lost: 5,
      trial_tokens_lost: 50_000,
    }),
    option('yearly', 'checkout', 'trial_to_yearly', {
      charge_now_minor: 19000,
      first_charge_date: '2026-11-21',
      effective_date: '2026-11-21',
      trial_days_lost: 5,
      trial_tokens_lost: 50_000,
    }),
  ],
};

type Route = { status?: number; body: unknown };

/** The /pricing calls of a person in the trial. */
const TRIAL_PRICING: Record<string, Route | Route[]> = {
  'GET /subscriptions/status': { body: TRIAL },
  'GET /subscriptions/local-prices': { body: PRICES },
  'GET /subscriptions/switch-options': { body: TRIAL_OPTIONS },
};

function fakeBilling(routes: Record<string, Route | Route[]>) {
  const served = new Map<string, number>();
  return installFakeFetch((request) => {
    const key = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v1/, '')}`;
    const entry = routes[key];
    if (!entry) return jsonResponse(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    const list = Array.isArray(entry) ? entry : [entry];
    const index = Math.min(served.get(key) ?? 0, list.length - 1);
    served.set(key, index + 1);
    return jsonResponse(list[index]!.status ?? 200, list[index]!.body);
  });
}

const stub = (path: string, name: string): RouteObject => ({ path, element: <h1>{name}</h1> });

function renderAt(path: string) {
  const store = createStore();
  act(() => {
    store.dispatch(
      sessionChecked({
        user: testUser({ onboarded: true }),
      }),
    );
  });
  return renderRoutes(
    [
      pricingRoute,
      subscriptionSuccessRoute,
      subscriptionValidationRoute,
      subscriptionExpiredRoute,
      freemiumSuccessRoute,
      trialExpiredRoute,
      stub(PATHS.chat, 'Chat stand-in'),
    ],
    path,
    store,
  );
}

/** Text with Intl's no-break spaces as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

beforeEach(() => {
  localStorage.clear();
  setApiBase(DEFAULT_API_BASE);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/pricing', () => {
  it('shows the three plans with prices, the trial warning, and each card’s action', async () => {
    fakeBilling(TRIAL_PRICING);
    renderAt('/pricing');
    const monthly = await screen.findByTestId('plan-monthly');
    await waitFor(() => expect(plain(monthly.textContent)).toContain('CHF 19.00'));
    const yearly = screen.getByTestId('plan-yearly');
    expect(plain(yearly.textContent)).toContain('CHF 190.00');
    expect(within(yearly).getByText('2 months free')).toBeTruthy();
    expect(plain(within(yearly).getByText(/a month$/).textContent)).toBe('CHF 15.83 a month');
    expect(
      within(screen.getByTestId('plan-freemium')).getByRole('button', { name: 'Current plan' }),
    ).toHaveProperty('disabled', true);
    expect(within(monthly).getByRole('button', { name: 'Upgrade now' })).toHaveProperty('disabled', false);
    const warning = screen.getByTestId('trial-warning');
    expect(warning.textContent).toContain('Your free trial ends on November 26, 2026: 5 days left.');
    expect(warning.textContent).toContain('25% of your trial allowance is left.');
  });

  it('offers the free days only to whoever can still start them, and says "VAT included" once', async () => {
    fakeBilling(TRIAL_PRICING);
    renderAt('/pricing');
    await waitFor(() => expect(plain(screen.getByTestId('plan-monthly').textContent)).toContain('CHF 19.00'));
    const page = document.querySelector('[data-screen="pricing"]')!;
    expect(page.textContent).toContain('One subscription covers all your devices.');
    expect(page.textContent).not.toContain('Start with 30 days free');
    expect(page.textContent?.split('VAT included')).toHaveLength(2);
  });

  it('a new user without a plan is offered the 30 free days', async () => {
    fakeBilling({
      ...TRIAL_PRICING,
      'GET /subscriptions/status': {
        body: {
          ...TRIAL,
          subscription_status: null,
          plan_type: null,
          has_access: false,
          trial_available: true,
        },
      },
    });
    renderAt('/pricing');
    expect(await screen.findByText(/^Start with 30 days free, no card needed\./)).toBeTruthy();
  });

  it('asks before an upgrade (charged today, trial days lost), then goes to the payment page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fake = fakeBilling({
      ...TRIAL_PRICING,
      'POST /subscriptions/checkout/monthly': {
        body: {
          url: 'http://pay.example/checkout/1',
          checkout_id: '1',
          plan: 'monthly',
          currency: 'CHF',
          amount_minor: 1900,
        },
      },
    });
    renderAt('/pricing');
    const user = userEvent.setup();
    const monthly = await screen.findByTestId('plan-monthly');
    await user.click(await within(monthly).findByRole('button', { name: 'Upgrade now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Upgrade to monthly now?' });
    expect(plain(dialog.textContent)).toContain(
      'Your card is charged CHF 19.00 today and billing starts today. After that, CHF 19.00 every month on the same day.',
    );
    expect(dialog.textContent).toContain(
      'Your free trial ends now: its remaining 5 days and what is left of your trial allowance are lost.',
    );
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/checkout/1'));
    const checkout = fake.requests.find((r) => r.method === 'POST')!;
    expect(new URL(checkout.url).pathname).toBe('/api/v1/subscriptions/checkout/monthly');
    expect(new URL(checkout.url).searchParams.get('currency')).toBe('CHF');
  });

  it('after a currency change, offers a plan only once its options in that currency have arrived', async () => {
    // The CHF options answer only when released: until then the cards must not offer the EUR
    // options still in the cache (in a CI run the upgrade dialog lacked the CHF amount its card showed).
    const inCurrency = <T,>(body: T, code: string, amount: number): T => {
      const copy = JSON.parse(
        JSON.stringify(body).replaceAll('"CHF"', `"${code}"`).replaceAll('1900', `${amount}`),
      );
      return 'currencies' in copy ? { ...copy, currencies: PRICES.currencies } : copy;
    };
    let releaseChf: () => void = () => {};
    const chfReleased = new Promise<void>((resolve) => {
      releaseChf = resolve;
    });
    installFakeFetch(async (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const code = url.searchParams.get('currency') ?? 'EUR';
      if (path === '/subscriptions/status') return jsonResponse(200, TRIAL);
      if (path === '/subscriptions/local-prices')
        return jsonResponse(200, code === 'CHF' ? PRICES : inCurrency(PRICES, 'EUR', 1700));
      if (path === '/subscriptions/switch-options') {
        if (code !== 'CHF') return jsonResponse(200, inCurrency(TRIAL_OPTIONS, 'EUR', 1700));
        await chfReleased;
        return jsonResponse(200, TRIAL_OPTIONS);
      }
      return jsonResponse(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    });
    renderAt('/pricing');
    const user = userEvent.setup();
    const monthly = await screen.findByTestId('plan-monthly');
    await within(monthly).findByRole('button', { name: 'Upgrade now' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'CHF');
    await waitFor(() => expect(plain(monthly.textContent)).toContain('CHF 19.00'));
    expect(within(monthly).queryByRole('button', { name: 'Upgrade now' })).toBeNull();
    releaseChf();
    await user.click(await within(monthly).findByRole('button', { name: 'Upgrade now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Upgrade to monthly now?' });
    expect(plain(dialog.textContent)).toContain('Your card is charged CHF 19.00 today');
  });

  it('schedules monthly → yearly for the period end after saying nothing is charged until then', async () => {
    const fake = fakeBilling({
      'GET /subscriptions/status': { body: MONTHLY },
      'GET /subscriptions/local-prices': { body: PRICES },
      'GET /subscriptions/switch-options': {
        body: {
          ...TRIAL_OPTIONS,
          subscription_status: 'monthly',
          current_plan: 'monthly',
          options: [
            option('freemium', 'unavailable', 'trial_used', { reason: 'trial_used' }),
            option('monthly', 'current', 'current_plan'),
            option('yearly', 'schedule', 'monthly_to_yearly', {
              first_charge_date: '2026-12-21',
              effective_date: '2026-12-21',
            }),
          ],
        },
      },
      'POST /subscriptions/switch/yearly': { body: { ...MONTHLY, scheduled_plan: 'yearly' } },
    });
    renderAt('/pricing');
    const user = userEvent.setup();
    expect(await screen.findByText('You have already used your free trial.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
    await user.click(
      await within(screen.getByTestId('plan-yearly')).findByRole('button', { name: 'Switch to this plan' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to yearly?' });
    expect(plain(dialog.textContent)).toContain(
      'Your monthly plan stays active until December 21, 2026. Then it renews as yearly at CHF 190.00 a year. Nothing is charged until then.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Switch on December 21, 2026' }));
    await waitFor(() =>
      expect(
        fake.requests.some((r) => r.method === 'POST' && r.url.endsWith('/subscriptions/switch/yearly')),
      ).toBe(true),
    );
    expect(await screen.findByText('Your plan change is scheduled.')).toBeTruthy();
  });

  it('says it could not load the subscription, with retry and contact support (docs/product.md#chat-and-subscription-errors)', async () => {
    fakeBilling({
      ...TRIAL_PRICING,
      'GET /subscriptions/status': [{ status: 500, body: { detail: 'boom' } }, { body: TRIAL }],
    });
    renderAt('/pricing');
    const alert = await screen.findByTestId('subscription-load-error');
    expect(alert.textContent).toContain("We couldn't load your subscription information.");
    expect(within(alert).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:support@innerview.ch',
    );
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plan-monthly')).toBeTruthy();
  });
});

describe('after a payment', () => {
  it('waits for the payment to be applied, then shows plan, amount and next billing date', async () => {
    fakeBilling({ 'GET /subscriptions/status': [{ body: TRIAL }, { body: TRIAL }, { body: MONTHLY }] });
    const { router } = renderAt('/subscription/success?plan=monthly');
    expect(await screen.findByRole('heading', { level: 1, name: 'Validating your payment' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment successful' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/subscription/success');
    const page = plain((await screen.findByRole('article')).textContent);
    expect(page).toContain('Thank you! Your Monthly plan is active.');
    expect(page).toContain('CHF 19.00');
    expect(page).toContain('Next billing dateDecember 21, 2026');
    expect(page).toContain('Visa •••• 4242');
  });

  it('shows the free-trial variant without a plan in the address', async () => {
    fakeBilling({ 'GET /subscriptions/status': { body: TRIAL } });
    renderAt('/subscription/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your free trial is active' })).toBeTruthy();
    expect(screen.getByText('November 26, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/chat');
  });
});

describe('expired screens', () => {
  it('sends a trial that ended to /trial-expired: upgrade or log out', async () => {
    fakeBilling({
      'GET /subscriptions/status': {
        body: { ...TRIAL, subscription_status: 'expired', expired_reason: 'trial_ended', has_access: false },
      },
    });
    const { router } = renderAt('/auth/subscription-expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your free trial has ended' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trial-expired');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('/trial-expired never tells a subscriber whose paid plan ended that their free trial has ended', async () => {
    fakeBilling({
      'GET /subscriptions/status': {
        body: {
          ...MONTHLY,
          subscription_status: 'expired',
          expired_reason: 'payment_failed',
          has_access: false,
        },
      },
    });
    const { router } = renderAt('/trial-expired');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your subscription has expired' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/subscription-expired');
    expect(screen.queryByText('Your free trial has ended')).toBeNull();
  });

  it('/trial-expired sends a monthly subscriber with access back to the chat', async () => {
    fakeBilling({ 'GET /subscriptions/status': { body: MONTHLY } });
    const { router } = renderAt('/trial-expired');
    expect(await screen.findByRole('heading', { name: 'Chat stand-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('past due: the payment-overdue notice, update payment method, and the way back in until the date', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    fakeBilling({
      'GET /subscriptions/status': {
        body: {
          ...MONTHLY,
          subscription_status: 'past_due',
          has_access: false,
          access_until: future,
          can_update_payment_method: true,
        },
      },
      'POST /subscriptions/payment-method': { body: { url: 'http://pay.example/card' } },
    });
    renderAt('/auth/subscription-expired');
    const notice = await screen.findByTestId('payment-overdue');
    expect(notice.textContent).toContain(
      "Your last payment didn't go through. You keep limited access until",
    );
    expect(screen.getByRole('link', { name: 'Continue with limited access' }).getAttribute('href')).toBe(
      '/chat',
    );
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/card'));
  });

  it('an expired paid plan: renew or contact support', async () => {
    fakeBilling({
      'GET /subscriptions/status': {
        body: {
          ...MONTHLY,
          subscription_status: 'expired',
          expired_reason: 'payment_failed',
          has_access: false,
        },
      },
    });
    renderAt('/auth/subscription-expired');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your subscription has expired' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew subscription' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:support@innerview.ch',
    );
  });
});
