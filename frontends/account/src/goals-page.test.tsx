import { testSubscription } from '@innerview/api-client/testing/bodies';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, findToast, renderAccount, resetBrowserState } from './account-test-support.tsx';

beforeEach(resetBrowserState);
afterEach(() => {
  vi.restoreAllMocks();
});

const run = {
  id: '0190f0a0-0000-7000-8000-0000000000a1',
  title: 'Run 5 km',
  checkin: 'weekly',
  next_checkin_at: '2026-05-08T10:00:00.000Z',
  status: 'active',
  notes: [{ text: 'Ran 2 km', created_at: '2026-05-02T10:00:00.000Z' }],
  created_at: '2026-05-01T10:00:00.000Z',
};
const read = {
  ...run,
  id: '0190f0a0-0000-7000-8000-0000000000a2',
  title: 'Read more',
  status: 'done',
  notes: [],
};
const list = (goals: unknown[]) => ({ method: 'GET', path: '/goals/', body: { goals } });

describe('goals page', () => {
  it('lists active goals with their check-in and notes, and completed ones apart', async () => {
    fakeApi([list([run, read])]);
    renderAccount('/goals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goals' })).toBeTruthy();
    const active = await screen.findByTestId('goals-active');
    const item = within(active).getByRole('listitem', { name: 'Run 5 km' });
    expect(within(item).getByText(/Weekly check-in · next on/)).toBeTruthy();
    expect(within(item).getByRole('list', { name: 'Progress notes' }).textContent).toContain('Ran 2 km');
    const closed = screen.getByTestId('goals-closed');
    expect(within(closed).getByRole('listitem', { name: 'Read more' }).textContent).toContain('Completed');
  });

  it('adds a goal with its rhythm, after checking the title', async () => {
    const api = fakeApi([list([]), { method: 'POST', path: '/goals/', status: 201, body: run }, list([run])]);
    renderAccount('/goals');
    await screen.findByText(/No active goals yet/);
    const form = screen.getByTestId('goal-new');
    await userEvent.click(within(form).getByRole('button', { name: 'Add goal' }));
    expect(within(form).getByRole('textbox', { name: /Goal/ }).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Please enter your goal.')).toBeTruthy();
    expect(api.calls('POST', '/goals/')).toHaveLength(0);

    await userEvent.type(within(form).getByRole('textbox', { name: /Goal/ }), 'Run 5 km');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Check-in' }), 'daily');
    await userEvent.click(within(form).getByRole('button', { name: 'Add goal' }));
    await findToast('Goal added.');
    expect(await api.calls('POST', '/goals/')[0]!.json()).toEqual({ title: 'Run 5 km', checkin: 'daily' });
    expect(await screen.findByRole('listitem', { name: 'Run 5 km' })).toBeTruthy();
  });

  it('adds a progress note, completes, drops and deletes a goal', async () => {
    const api = fakeApi([
      list([run]),
      { method: 'PATCH', path: `/goals/${run.id}`, body: run },
      { method: 'DELETE', path: `/goals/${run.id}`, status: 204 },
    ]);
    renderAccount('/goals');
    const item = await screen.findByRole('listitem', { name: 'Run 5 km' });
    await userEvent.click(within(item).getByRole('button', { name: 'Add progress note' }));
    const note = within(item).getByRole('textbox', { name: /Progress note/ });
    expect(document.activeElement).toBe(note);
    await userEvent.type(note, 'Ran 3 km');
    await userEvent.click(within(item).getByRole('button', { name: 'Save note' }));
    await findToast('Note added.');
    await userEvent.click(within(item).getByRole('button', { name: 'Complete' }));
    await findToast('Goal completed. Well done!');
    await userEvent.click(within(item).getByRole('button', { name: 'Drop' }));
    await findToast('Goal dropped.');
    const bodies = await Promise.all(api.calls('PATCH', `/goals/${run.id}`).map((r) => r.json()));
    expect(bodies).toEqual([{ note: 'Ran 3 km' }, { status: 'done' }, { status: 'dropped' }]);

    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this goal?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Goal deleted.');
    await waitFor(() => expect(api.calls('DELETE', `/goals/${run.id}`)).toHaveLength(1));
  });

  it('edits the title and rhythm, and says so when 20 goals are active', async () => {
    const api = fakeApi([
      list([run]),
      { method: 'PATCH', path: `/goals/${run.id}`, body: { ...run, title: 'Run 10 km' } },
      { method: 'POST', path: '/goals/', status: 409, body: { detail: 'limit', code: 'CONFLICT' } },
    ]);
    renderAccount('/goals');
    const item = await screen.findByRole('listitem', { name: 'Run 5 km' });
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const title = within(item).getByRole('textbox', { name: /Goal/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Run 10 km');
    await userEvent.selectOptions(within(item).getByRole('combobox', { name: 'Check-in' }), 'none');
    await userEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await findToast('Goal saved.');
    expect(await api.calls('PATCH', `/goals/${run.id}`)[0]!.json()).toEqual({
      title: 'Run 10 km',
      checkin: 'none',
    });

    const form = screen.getByTestId('goal-new');
    await userEvent.type(within(form).getByRole('textbox', { name: /Goal/ }), 'One more');
    await userEvent.click(within(form).getByRole('button', { name: 'Add goal' }));
    await findToast('You have 20 active goals');
  });

  it('reads in German', async () => {
    fakeApi([list([run])]);
    renderAccount('/goals', { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ziele' })).toBeTruthy();
    expect(await screen.findByText(/Wöchentliche Nachfrage · nächste am/)).toBeTruthy();
  });

  it('turns the weekly reflection on in the settings (off by default)', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/goals/settings', body: { weekly_reflection: false } },
      { method: 'PUT', path: '/goals/settings', body: { weekly_reflection: true } },
      {
        method: 'GET',
        path: '/subscriptions/status',
        body: testSubscription({ subscription_status: 'monthly' }),
      },
    ]);
    renderAccount('/settings');
    const section = await screen.findByTestId('settings-reflection');
    const box = within(section).getByRole('checkbox', { name: 'Send me a weekly reflection' });
    // The box reads off (its default) before the setting has come; it is enabled once it has.
    await waitFor(() => expect(box).toBeEnabled());
    expect(box.getAttribute('aria-checked') ?? String((box as HTMLInputElement).checked)).toBe('false');
    await userEvent.click(box);
    await findToast('Weekly reflection turned on.');
    expect(await api.calls('PUT', '/goals/settings')[0]!.json()).toEqual({ weekly_reflection: true });
  });
});
