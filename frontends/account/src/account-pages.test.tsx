import type { AccountDeletedResponse, CurrentUserResponse, UserSettings } from '@innerview/api-client';
import { readToken } from '@innerview/api-client';
import { testSubscription } from '@innerview/api-client/testing/bodies';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import help from '../locales/en/help.json' with { type: 'json' };
import { fileNameOf, unavailableParts } from './account-api.ts';
import { fakeApi, findToast, ME, renderAccount, resetBrowserState } from './account-test-support.tsx';

beforeEach(resetBrowserState);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subscription = {
  method: 'GET',
  path: '/subscriptions/status',
  body: testSubscription({ subscription_status: 'monthly' }),
};
const me = { method: 'GET', path: '/users/me', body: ME };

describe('profile', () => {
  it('shows the details and the plan, and saves edited names', async () => {
    const api = fakeApi([
      me,
      subscription,
      {
        method: 'PATCH',
        path: '/users/me',
        body: { ...ME, first_name: 'Augusta', last_name: 'King' } satisfies CurrentUserResponse,
      },
    ]);
    renderAccount('/profile');
    const details = await screen.findByTestId('profile-details');
    expect(within(details).getByText('Ada')).toBeTruthy();
    expect(within(details).getByText('ada@example.ch')).toBeTruthy();
    expect(await screen.findByText('Your plan: Monthly plan')).toBeTruthy();

    await userEvent.click(within(details).getByRole('button', { name: 'Edit name' }));
    const first = within(details).getByRole('textbox', { name: /First name/ });
    expect(document.activeElement).toBe(first);
    await userEvent.clear(first);
    await userEvent.type(first, ' Augusta ');
    await userEvent.clear(within(details).getByRole('textbox', { name: /Last name/ }));
    await userEvent.type(within(details).getByRole('textbox', { name: /Last name/ }), 'King');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));

    await findToast('Profile updated');
    const [patch] = api.calls('PATCH', '/users/me');
    expect(await patch!.json()).toEqual({ first_name: 'Augusta', last_name: 'King' });
  });

  it('checks the name rule before sending, and says the spec words when saving fails', async () => {
    const api = fakeApi([me, subscription, { method: 'PATCH', path: '/users/me', status: 500, body: {} }]);
    renderAccount('/profile');
    const details = await screen.findByTestId('profile-details');
    await userEvent.click(within(details).getByRole('button', { name: 'Edit name' }));
    const first = within(details).getByRole('textbox', { name: /First name/ });
    await userEvent.clear(first);
    await userEvent.type(first, 'A');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('PATCH', '/users/me')).toHaveLength(0);

    await userEvent.type(first, 'da');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    await findToast('Failed to update profile. Please try again.');
    // The form stays open with what was typed, ready for another try.
    expect((within(details).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe(
      'Ada',
    );
  });

  it('deletes the account after a dialog that says login ends at once, then shows the post-deletion screen', async () => {
    const api = fakeApi([
      me,
      subscription,
      {
        method: 'DELETE',
        path: '/users/me',
        body: { message: 'deleted', erase_after: '2026-08-01T00:00:00Z' } satisfies AccountDeletedResponse,
      },
    ]);
    renderAccount('/profile');
    const section = await screen.findByTestId('delete-account');
    await userEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('Login is blocked at once');
    expect(dialog.textContent).toContain('A paid plan ends with no further charge');
    expect(dialog.textContent).toContain('90 days');
    expect(dialog.textContent).not.toMatch(/access continues/i);
    // Focus starts on Cancel: Enter never deletes by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');

    // Re-authentication: nothing is sent without the current password.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Please enter your current password')).toBeTruthy();
    expect(api.calls('DELETE', '/users/me')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'My-pass-2024');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const deleted = await screen.findByRole('dialog', { name: 'Your account has been deleted' });
    expect(deleted.textContent).toContain('Login is no longer possible.');
    expect(within(deleted).getByRole('link', { name: 'support@innerview.ch' }).getAttribute('href')).toBe(
      'mailto:support@innerview.ch',
    );
    expect(api.calls('DELETE', '/users/me')).toHaveLength(1);
    expect(await api.calls('DELETE', '/users/me')[0]!.clone().json()).toEqual({
      current_password: 'My-pass-2024',
    });
    expect(readToken()).toBeNull();

    await userEvent.click(within(deleted).getByRole('button', { name: 'Go to the login page' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('keeps the dialog open with a message when the deletion fails', async () => {
    fakeApi([me, subscription, { method: 'DELETE', path: '/users/me', status: 503, body: {} }]);
    renderAccount('/profile');
    const section = await screen.findByTestId('delete-account');
    await userEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'My-pass-2024');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to delete your account. Please try again.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(readToken()).toBe('test-token');
  });

  it('downloads the export as a file and names the parts that could not be gathered', async () => {
    const body = {
      innerview_export: { version: 1 },
      sections: {
        auth: { status: 'included', data: {} },
        billing: { status: 'unavailable', reason: 'not_supported' },
        chat: { status: 'unavailable', reason: 'no_answer' },
        questionnaire: { status: 'included', data: {} },
      },
    };
    const api = fakeApi([
      me,
      subscription,
      {
        method: 'GET',
        path: '/users/me/export',
        body,
        headers: { 'content-disposition': 'attachment; filename="innerview-export-2026-05-01.json"' },
      },
    ]);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAccount('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    const toast = await findToast('Your data is downloading');
    expect(toast.text).toContain('subscription, conversations');
    expect(clicked).toEqual(['innerview-export-2026-05-01.json']);
    expect(api.calls('GET', '/users/me/export')).toHaveLength(1);
  });

  it('reads the export file name and the missing parts safely', () => {
    expect(fileNameOf('attachment; filename="innerview-export-2026-05-01.json"')).toBe(
      'innerview-export-2026-05-01.json',
    );
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
    expect(unavailableParts('not json')).toEqual([]);
    expect(unavailableParts('{"sections":{"files":{"status":"unavailable"}}}')).toEqual(['files']);
  });

  it('opens the privacy policy in a dialog with the texts of the legal namespace', async () => {
    fakeApi([me, subscription]);
    renderAccount('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Privacy policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(within(dialog).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(3);
    expect(dialog.textContent).toContain('Switzerland');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links to the update-password screen', async () => {
    fakeApi([me, subscription]);
    renderAccount('/profile');
    expect((await screen.findByRole('link', { name: 'Update password' })).getAttribute('href')).toBe(
      '/auth/update-password',
    );
  });
});

describe('settings', () => {
  it('applies the theme at once and saves it to the account', async () => {
    const api = fakeApi([
      { method: 'PUT', path: '/settings/me', body: { language: 'en', theme: 'dark' } satisfies UserSettings },
    ]);
    renderAccount('/settings');
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    await userEvent.click(dark);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    await findToast('Settings saved');
    expect(await api.calls('PUT', '/settings/me')[0]!.json()).toEqual({ theme: 'dark' });
  });

  it('switches the language at once and saves it', async () => {
    const api = fakeApi([
      {
        method: 'PUT',
        path: '/settings/me',
        body: { language: 'de', theme: 'system' } satisfies UserSettings,
      },
    ]);
    const { i18n } = renderAccount('/settings');
    await userEvent.click(await screen.findByRole('radio', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeTruthy();
    expect(i18n.language).toBe('de');
    await findToast('Einstellungen gespeichert');
    expect(await api.calls('PUT', '/settings/me')[0]!.json()).toEqual({ language: 'de' });
  });

  it('says so when the settings cannot be saved', async () => {
    fakeApi([{ method: 'PUT', path: '/settings/me', status: 500, body: {} }]);
    renderAccount('/settings');
    await userEvent.click(await screen.findByRole('radio', { name: 'Light' }));
    await findToast('Failed to save your settings. Please try again.');
  });
});

describe('help hub', () => {
  it('shows the Billing and General FAQ and a contact link', async () => {
    fakeApi([]);
    renderAccount('/help');
    const billing = await screen.findByRole('region', { name: 'Billing' });
    const general = screen.getByRole('region', { name: 'General' });
    expect(within(billing).getAllByRole('group')).toHaveLength(help.billing.items.length);
    expect(within(general).getAllByRole('group')).toHaveLength(help.general.items.length);
    const question = within(billing).getByText(help.billing.items[0]!.question);
    await userEvent.click(question);
    expect(question.closest('details')?.open).toBe(true);
    const contact = screen.getByRole('link', { name: 'Write to support' });
    expect(contact.getAttribute('href')).toBe('mailto:support@innerview.ch');
  });

  it('publishes what the coach does in a crisis: the tiers, that it is an AI, the numbers, what is counted', async () => {
    fakeApi([]);
    renderAccount('/help');
    const safety = await screen.findByRole('region', { name: 'Safety: what the coach does in a crisis' });
    expect(within(safety).getAllByRole('group')).toHaveLength(5);
    const text = safety.textContent ?? '';
    for (const words of [
      'danger right now',
      'asks you directly',
      'The coach is an AI',
      '143',
      '147',
      '144',
      '117',
      '112',
      'no text, no name and no account',
    ])
      expect(text).toContain(words);
  });

  it('reads in German', async () => {
    fakeApi([]);
    renderAccount('/help', { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilfe-Center' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Abrechnung' })).toBeTruthy();
  });
});
