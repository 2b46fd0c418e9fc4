import { api, createStore, DEFAULT_API_BASE, sessionChecked, setApiBase } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRIAL_DIALOG_STORAGE_KEY, todayUtc } from '../screens/billing/trial-warning.ts';
import { renderRoutes } from '../test-support/render-app.tsx';
import { SubscriptionNotices } from './subscription-notices.tsx';

const TRIAL_ENDING = {
  subscription_status: 'freemium',
  plan_type: 'freemium',
  show_trial_warning: true,
  days_remaining: 3,
  trial_end_date: '2026-11-24',
  end_date: '2026-11-24',
  access_until: '2026-11-24',
  remaining_trial_tokens: 20_000,
  trial_token_quota: 200_000,
};

function renderNotices(status: object) {
  installFakeFetch(() => jsonResponse(200, status));
  const store = createStore();
  act(() => {
    store.dispatch(sessionChecked({ user: testUser() }));
  });
  const { router } = renderRoutes(
    [
      { path: '/chat', element: <SubscriptionNotices /> },
      { path: '/pricing', element: <h1>Pricing stand-in</h1> },
    ],
    '/chat',
    store,
  );
  /** The status has come back and the notices have rendered with it. */
  const statusShown = () =>
    waitFor(() =>
      expect(api.endpoints.getSubscriptionStatus.select(undefined)(store.getState()).status).toBe(
        'fulfilled',
      ),
    );
  return { router, statusShown };
}

beforeEach(() => {
  localStorage.clear();
  setApiBase(DEFAULT_API_BASE);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('main layout subscription notices', () => {
  it('in the last days of the trial: the warning and the Trial almost up dialog, whose upgrade leads to /pricing', async () => {
    const { router } = renderNotices(TRIAL_ENDING);
    const warning = await screen.findByTestId('trial-warning');
    expect(warning.textContent).toContain('Your free trial ends on November 24, 2026: 3 days left.');
    expect(warning.textContent).toContain('10% of your trial allowance is left.');
    const dialog = await screen.findByRole('dialog', { name: 'Trial almost up' });
    expect(localStorage.getItem(TRIAL_DIALOG_STORAGE_KEY)).toBe(todayUtc());
    await userEvent
      .setup()
      .click(dialog.querySelector('.iv-dialog__footer .iv-button--primary') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('the dialog shows once a day at most: not again when already shown today', async () => {
    localStorage.setItem(TRIAL_DIALOG_STORAGE_KEY, todayUtc());
    renderNotices(TRIAL_ENDING);
    await screen.findByTestId('trial-warning');
    expect(screen.queryByRole('dialog', { name: 'Trial almost up' })).toBeNull();
  });

  it('Continue trial closes it', async () => {
    renderNotices(TRIAL_ENDING);
    const dialog = await screen.findByRole('dialog', { name: 'Trial almost up' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue trial' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('nothing for a paid plan; the payment-overdue notice when past due', async () => {
    await renderNotices({ subscription_status: 'monthly', show_trial_warning: false }).statusShown();
    expect(screen.queryByTestId('trial-warning')).toBeNull();
    cleanup();
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    renderNotices({ subscription_status: 'past_due', access_until: future, can_update_payment_method: true });
    const notice = await screen.findByTestId('payment-overdue');
    expect(notice.textContent).toContain('You keep limited access until');
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });
});
