import { testSubscription } from '@innerview/api-client/testing/bodies';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, findToast, ME, renderAccount, resetBrowserState } from '../account-test-support.tsx';
import { browserLocation } from './leave-for.ts';

const TRIAL = testSubscription({
  subscription_status: 'freemium',
  days_remaining: 30,
  trial_end_date: '2026-12-21',
});
const MONTHLY = testSubscription({ subscription_status: 'monthly', days_remaining: 30 });

const OPTIONS = (options: object[]) => ({
  subscription_status: 'monthly',
  current_plan: 'monthly',
  scheduled_plan: null,
  currency: 'CHF',
  options,
});

const yearlyOption = {
  plan: 'yearly',
  action: 'schedule',
  reason: null,
  charge_now_minor: 0,
  amount_minor: 19000,
  currency: 'CHF',
  first_charge_date: '2026-12-21',
  effective_date: '2026-12-21',
  trial_days_lost: 0,
  trial_tokens_lost: 0,
  message: 'monthly_to_yearly',
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function fact(name: string): string {
  const row = screen.getByTestId('subscription-facts').querySelector(`[data-fact="${name}"] dd`);
  return plain(row?.textContent);
}

beforeEach(() => {
  resetBrowserState();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('settings → subscription', () => {
  it('a trial: its end, days and allowance left; cancel disabled (no paid subscription), upgrade to /pricing', async () => {
    fakeApi([
      { method: 'GET', path: '/users/me', body: ME },
      { method: 'GET', path: '/subscriptions/status', body: TRIAL },
      { method: 'GET', path: '/subscriptions/switch-options', body: OPTIONS([]) },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-subscription');
    await within(section).findByText('Free trial', { selector: '.iv-account-subscription__badge' });
    expect(fact('trialEndDate')).toBe('December 21, 2026');
    expect(fact('daysRemaining')).toBe('30');
    expect(fact('trialAllowance')).toBe('75% left');
    expect(within(section).getByRole('button', { name: 'Cancel subscription' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(section).getByText('There is no active paid subscription to cancel.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
  });

  it('monthly: full access, the details, and the switch to yearly after its confirmation', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/users/me', body: ME },
      { method: 'GET', path: '/subscriptions/status', body: MONTHLY },
      {
        method: 'GET',
        path: '/subscriptions/status',
        body: { ...MONTHLY, scheduled_plan: 'yearly', scheduled_change_date: '2026-12-21' },
      },
      { method: 'GET', path: '/subscriptions/switch-options', body: OPTIONS([yearlyOption]) },
      { method: 'POST', path: '/subscriptions/switch/yearly', body: MONTHLY },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-subscription');
    await within(section).findByText('Full access');
    expect(fact('renewalDate')).toBe('December 21, 2026');
    // Renewal and billing fall on one day: said once.
    expect(screen.getByTestId('subscription-facts').textContent?.split('December 21, 2026')).toHaveLength(2);
    expect(
      screen.getByTestId('subscription-facts').querySelector('[data-fact="nextBillingDate"]'),
    ).toBeNull();
    expect(fact('amount')).toBe('CHF 19.00 per month');
    expect(fact('paymentMethod')).toBe('Visa •••• 4242');
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Switch to yearly' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to yearly?' });
    expect(plain(dialog.textContent)).toContain(
      'Your monthly plan stays active until December 21, 2026. Then it renews as yearly at CHF 190.00 a year. Nothing is charged until then.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Switch on December 21, 2026' }));
    await findToast('Your plan change is scheduled.');
    expect(api.calls('POST', '/subscriptions/switch/yearly')).toHaveLength(1);
    await waitFor(() => expect(fact('scheduledPlan')).toBe('Yearly from December 21, 2026'));
  });

  it('cancels at the period end with a reason, after saying access lasts and nothing is refunded', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/users/me', body: ME },
      { method: 'GET', path: '/subscriptions/status', body: MONTHLY },
      {
        method: 'GET',
        path: '/subscriptions/status',
        body: {
          ...MONTHLY,
          subscription_status: 'cancelling_at_period_end',
          renewal_date: null,
          next_billing_date: null,
          cancellation_date: '2026-11-21',
          can_cancel: false,
          can_reactivate: true,
        },
      },
      { method: 'GET', path: '/subscriptions/switch-options', body: OPTIONS([]) },
      { method: 'POST', path: '/subscriptions/cancel', body: MONTHLY },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-subscription');
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('Your subscription ends on December 21, 2026');
    expect(dialog.textContent).toContain('No refund is made for the time left.');
    await user.type(within(dialog).getByLabelText('Why are you leaving? (optional)'), 'Too busy');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await findToast('Your subscription is cancelled at the end of the billing period.');
    const [cancel] = api.calls('POST', '/subscriptions/cancel');
    expect(new URL(cancel!.url).searchParams.get('reason')).toBe('Too busy');
    await within(section).findByText('Full access (cancelled)');
    expect(fact('cancellationDate')).toBe('November 21, 2026');
    expect(within(section).getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    // Cancelled: said so with the date access lasts to, and the way back; no disabled Cancel beside
    // "There is no active paid subscription to cancel", no payment method to update.
    expect(plain(screen.getByTestId('subscription-cancelled-note').textContent)).toBe(
      'Your subscription is cancelled: you keep full access until December 21, 2026 and can reactivate it until then.',
    );
    expect(within(section).queryByText('There is no active paid subscription to cancel.')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Update payment method' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'See plans' })).toBeTruthy();
    // The way back asks first, in the pricing page's own words (one source of plan-change texts).
    await user.click(within(section).getByRole('button', { name: 'Reactivate' }));
    const reactivate = await screen.findByRole('alertdialog', { name: 'Reactivate your subscription?' });
    expect(plain(reactivate.textContent)).toContain(
      'Your cancellation is withdrawn and your Monthly plan simply continues: nothing is charged today, the next payment of CHF 19.00 is due on December 21, 2026.',
    );
    await user.click(within(reactivate).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('update payment method goes to the page billing names', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    fakeApi([
      { method: 'GET', path: '/users/me', body: ME },
      { method: 'GET', path: '/subscriptions/status', body: MONTHLY },
      { method: 'GET', path: '/subscriptions/switch-options', body: OPTIONS([]) },
      { method: 'POST', path: '/subscriptions/payment-method', body: { url: 'http://pay.example/card' } },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-subscription');
    await userEvent
      .setup()
      .click(await within(section).findByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/card'));
  });

  it('says it could not load the subscription, with retry and contact support', async () => {
    fakeApi([
      { method: 'GET', path: '/users/me', body: ME },
      { method: 'GET', path: '/subscriptions/status', status: 500, body: { detail: 'boom' } },
      { method: 'GET', path: '/subscriptions/status', body: TRIAL },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-subscription');
    await within(section).findByText(/We couldn't load your subscription information/);
    expect(within(section).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:support@innerview.ch',
    );
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByText('Free trial', { selector: '.iv-account-subscription__badge' });
  });
});
