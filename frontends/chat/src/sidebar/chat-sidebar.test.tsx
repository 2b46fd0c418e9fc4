import type { MessageResponse } from '@innerview/api-client';
import { testQuestionnaireStatus, testSubscription } from '@innerview/api-client/testing/bodies';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeRoute,
  fakeApi,
  findToast,
  finishedQuestionnaire,
  location,
  monthlySubscription,
  renderSidebar,
  resetBrowserState,
  setViewport,
  signedInOnDesktop,
} from './sidebar-test-support.tsx';

signedInOnDesktop();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SESSIONS = [
  {
    id: 's-old',
    session_title: 'Career doubts',
    total_tokens: 10,
    created_at: minutesAgo(4000),
    updated_at: minutesAgo(3000),
  },
  {
    id: 's-new',
    session_title: 'Sleep and stress',
    total_tokens: 10,
    created_at: minutesAgo(90),
    updated_at: minutesAgo(5),
  },
];
const sessions: FakeRoute = { method: 'GET', path: '/chat-sessions/', body: SESSIONS };
const finished = finishedQuestionnaire;
const monthly = monthlySubscription;

function historyItems() {
  const list = screen.getByRole('region', { name: 'Your chats' });
  return within(list).getAllByRole('link');
}

describe('history', () => {
  it('lists the chats most recent first with their age, marks the open one, and opens a chat', async () => {
    fakeApi([sessions, finished, monthly]);
    renderSidebar({ activeSessionId: 's-old' });
    await screen.findByText('Sleep and stress');
    const [first, second] = historyItems();
    expect(first!.textContent).toBe('Sleep and stress5 minutes ago');
    expect(second!.textContent).toBe('Career doubts2 days ago');
    expect(second!.getAttribute('aria-current')).toBe('page');
    expect(first!.getAttribute('aria-current')).toBeNull();
    await userEvent.click(first!);
    expect(location()).toBe('/chat/s-new');
  });

  it('refreshes the ages every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi([sessions, finished, monthly]);
    renderSidebar();
    await screen.findByText('5 minutes ago');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await screen.findByText('6 minutes ago')).toBeTruthy();
  });

  it('says so when there is no chat yet, and starts a new one', async () => {
    fakeApi([{ ...sessions, body: [] }, finished, monthly]);
    const onNewChat = vi.fn();
    renderSidebar({ onNewChat });
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onNewChat).toHaveBeenCalledTimes(1);
  });

  it('shows the spec error with a retry that loads the list', async () => {
    const api = fakeApi([{ ...sessions, status: 500 }, sessions, finished, monthly]);
    renderSidebar();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error: Failed to load chat sessions');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sleep and stress')).toBeTruthy();
    expect(api.calls('GET', '/chat-sessions/').length).toBe(2);
  });
});

describe('rename', () => {
  async function openRename(title: string) {
    await userEvent.click(await screen.findByRole('button', { name: `Actions for “${title}”` }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    return screen.getByRole('dialog', { name: 'Rename chat' });
  }

  it('is reachable by keyboard, checks the name, and saves with Enter', async () => {
    const api = fakeApi([
      sessions,
      finished,
      monthly,
      { method: 'PUT', path: '/chat-sessions/s-new', body: {} },
    ]);
    renderSidebar();
    const menuButton = await screen.findByRole('button', { name: 'Actions for “Sleep and stress”' });
    menuButton.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' }));
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Rename chat' });
    const field = within(dialog).getByRole('textbox', { name: 'Chat name' });
    expect(document.activeElement).toBe(field);

    await userEvent.clear(field);
    await userEvent.keyboard('   {Enter}');
    expect(within(dialog).getByText('Please give this chat a name.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, `${'x'.repeat(101)}{Enter}`);
    expect(within(dialog).getByText('A chat name can be at most 100 characters.')).toBeTruthy();
    expect(api.calls('PUT', '/chat-sessions/s-new')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, ' Sleeping better {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [put] = api.calls('PUT', '/chat-sessions/s-new');
    expect(await put!.json()).toEqual({ title: 'Sleeping better' });
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('cancels with Escape without saving', async () => {
    const api = fakeApi([sessions, finished, monthly]);
    renderSidebar();
    const dialog = await openRename('Sleep and stress');
    await userEvent.type(within(dialog).getByRole('textbox'), ' changed');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PUT', '/chat-sessions/s-new')).toHaveLength(0);
  });

  it('keeps the dialog open with the spec toast when saving fails', async () => {
    fakeApi([
      sessions,
      finished,
      monthly,
      { method: 'PUT', path: '/chat-sessions/s-new', status: 500, body: {} },
    ]);
    renderSidebar();
    const dialog = await openRename('Sleep and stress');
    await userEvent.type(within(dialog).getByRole('textbox'), ' again{Enter}');
    await findToast('Failed to rename chat. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Rename chat' })).toBeTruthy();
  });
});

describe('remove', () => {
  async function askToRemove(title: string) {
    await userEvent.click(await screen.findByRole('button', { name: `Actions for “${title}”` }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    return screen.getByRole('alertdialog', { name: 'Remove this chat?' });
  }

  it('asks first, and cancelling removes nothing', async () => {
    const api = fakeApi([sessions, finished, monthly]);
    renderSidebar();
    const dialog = await askToRemove('Career doubts');
    expect(dialog.textContent).toContain('“Career doubts” and its messages will no longer appear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE', '/chat-sessions/s-old')).toHaveLength(0);
  });

  it('removes the open chat and goes back to /chat', async () => {
    const api = fakeApi([
      sessions,
      { ...sessions, body: [SESSIONS[1]] },
      finished,
      monthly,
      { method: 'DELETE', path: '/chat-sessions/s-old', body: {} },
    ]);
    renderSidebar({ activeSessionId: 's-old' }, { path: '/chat/s-old' });
    const dialog = await askToRemove('Career doubts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(location()).toBe('/chat'));
    expect(api.calls('DELETE', '/chat-sessions/s-old')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Career doubts')).toBeNull());
  });

  it('shows the spec toast and keeps the question open when removing fails', async () => {
    fakeApi([
      sessions,
      finished,
      monthly,
      { method: 'DELETE', path: '/chat-sessions/s-old', status: 500, body: {} },
    ]);
    renderSidebar({ activeSessionId: 's-old' }, { path: '/chat/s-old' });
    const dialog = await askToRemove('Career doubts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await findToast('Failed to remove chat. Please try again.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(location()).toBe('/chat/s-old');
  });
});

describe('questionnaire reminder', () => {
  const inProgress: FakeRoute = {
    method: 'GET',
    path: '/questionnaire/status',
    body: testQuestionnaireStatus({ answered_steps: [1, 2, 3] }),
  };

  it('leads to the next step while the questionnaire is not finished', async () => {
    fakeApi([sessions, inProgress, monthly]);
    renderSidebar();
    await userEvent.click(await screen.findByRole('link', { name: 'Continue at step 4' }));
    expect(location()).toBe('/onboarding/questionnaire?step=4');
  });

  it('is not shown once the questionnaire is submitted', async () => {
    fakeApi([sessions, finished, monthly]);
    renderSidebar();
    await screen.findByText('Sleep and stress');
    await screen.findByText('Your plan: Monthly');
    expect(screen.queryByTestId('questionnaire-reminder')).toBeNull();
  });

  it('stays dismissed for this login and is back at the next one', async () => {
    fakeApi([sessions, inProgress, monthly]);
    renderSidebar();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide this reminder' }));
    expect(screen.queryByTestId('questionnaire-reminder')).toBeNull();
    cleanup();
    renderSidebar();
    await screen.findByText('Sleep and stress');
    expect(screen.queryByTestId('questionnaire-reminder')).toBeNull();
    cleanup();
    resetBrowserState(); // keeps sessionStorage cleared; a new login has a new token
    sessionStorage.setItem('innerview.questionnaireReminderDismissed', 'from-an-earlier-login');
    renderSidebar();
    expect(await screen.findByTestId('questionnaire-reminder')).toBeTruthy();
  });
});

describe('subscription', () => {
  const status = (fields: Parameters<typeof testSubscription>[0]): FakeRoute => ({
    method: 'GET',
    path: '/subscriptions/status',
    body: testSubscription(fields),
  });

  it('shows the trial days left and upgrade to /pricing', async () => {
    fakeApi([sessions, finished, status({ subscription_status: 'freemium', days_remaining: 23 })]);
    renderSidebar();
    const plan = await screen.findByTestId('sidebar-plan');
    expect(plan.textContent).toContain('23 days left in your free trial');
    expect(plan.dataset.tone).toBeUndefined();
    await userEvent.click(within(plan).getByRole('link', { name: 'Upgrade' }));
    expect(location()).toBe('/pricing');
  });

  it('warns in the last 7 days, in German too', async () => {
    fakeApi([sessions, finished, status({ subscription_status: 'freemium', days_remaining: 1 })]);
    renderSidebar({}, { lng: 'de' });
    const plan = await screen.findByTestId('sidebar-plan');
    expect(plan.textContent).toContain('Noch 1 Tag in deiner Gratis-Testphase');
    expect(plan.dataset.tone).toBe('warning');
    expect(within(plan).getByRole('link', { name: 'Abo wählen' })).toBeTruthy();
  });

  it('names a paid plan discreetly, without upgrade', async () => {
    fakeApi([sessions, finished, status({ subscription_status: 'yearly', days_remaining: 200 })]);
    renderSidebar();
    expect((await screen.findByTestId('sidebar-plan')).textContent).toBe('Your plan: Yearly');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('says in one line that the payment is overdue, with a way to settings (the banner above explains)', async () => {
    fakeApi([sessions, finished, status({ subscription_status: 'past_due', access_until: '2026-06-01' })]);
    renderSidebar();
    const plan = await screen.findByTestId('sidebar-plan');
    expect(plan.textContent).toBe('Payment overdueUpdate payment method');
    expect(within(plan).queryByRole('alert')).toBeNull();
    await userEvent.click(within(plan).getByRole('link', { name: 'Update payment method' }));
    expect(location()).toBe('/settings');
  });

  it('shows nothing without subscription information', async () => {
    fakeApi([sessions, finished, status({ subscription_status: null })]);
    renderSidebar();
    await screen.findByText('Sleep and stress');
    expect(screen.queryByTestId('sidebar-plan')).toBeNull();
  });
});

describe('account links and log out', () => {
  const inProgress: FakeRoute = {
    method: 'GET',
    path: '/questionnaire/status',
    body: testQuestionnaireStatus({ answered_steps: [1, 2, 3] }),
  };
  const trial: FakeRoute = {
    method: 'GET',
    path: '/subscriptions/status',
    body: testSubscription({ subscription_status: 'freemium', days_remaining: 23 }),
  };

  it('on a desktop the column keeps to the chat: no account links, no log out (the top bar has them, ADR 60)', async () => {
    fakeApi([sessions, inProgress, trial]);
    renderSidebar();
    await screen.findByText('Sleep and stress');
    expect(await screen.findByTestId('questionnaire-reminder')).toBeTruthy();
    expect(await screen.findByTestId('sidebar-plan')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    for (const name of ['Help hub', 'My profile', 'Settings'])
      expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('on a phone the one menu links to help, profile and settings; the reminder and the trial days stay outside it, in view', async () => {
    setViewport('mobile');
    fakeApi([sessions, inProgress, trial]);
    renderSidebar({}, { withPhoneStatus: true });
    const drawer = await screen.findByRole('dialog', { name: 'Your chats and account' });
    await within(drawer).findByText('Sleep and stress');
    // Shown once, outside the drawer.
    const reminders = await screen.findAllByTestId('questionnaire-reminder');
    expect(reminders).toHaveLength(1);
    expect(drawer.contains(reminders[0]!)).toBe(false);
    expect(reminders[0]!.textContent).toContain('Finish your questionnaire');
    const plans = await screen.findAllByTestId('sidebar-plan');
    expect(plans).toHaveLength(1);
    expect(drawer.contains(plans[0]!)).toBe(false);
    expect(plans[0]!.textContent).toContain('23 days left in your free trial');

    const nav = within(drawer).getByRole('navigation', { name: 'Account' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Help hub' }));
    expect(location()).toBe('/help');
    await userEvent.click(within(nav).getByRole('link', { name: 'My profile' }));
    expect(location()).toBe('/profile');
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(location()).toBe('/settings');
  });

  it('closes the chats, ends the session and says Logged Out', async () => {
    setViewport('mobile');
    const api = fakeApi([
      sessions,
      finished,
      monthly,
      { method: 'POST', path: '/chat/close-all-sessions', body: { closed: 1 } },
      { method: 'POST', path: '/login/logout', body: { message: 'Logged out' } satisfies MessageResponse },
    ]);
    renderSidebar();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await findToast('Logged Out');
    expect(api.calls('POST', '/chat/close-all-sessions')).toHaveLength(1);
    await waitFor(() => expect(api.calls('POST', '/login/logout')).toHaveLength(1));
    expect(api.calls('POST', '/login/logout')[0]!.headers.get('authorization')).toBe('Bearer test-token');
    expect(localStorage.getItem('access_token')).toBeNull();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('on phones', () => {
  it('is a modal drawer that closes when a chat is opened or on Escape', async () => {
    setViewport('mobile');
    fakeApi([sessions, finished, monthly]);
    const onClose = vi.fn();
    renderSidebar({ onClose });
    const drawer = await screen.findByRole('dialog', { name: 'Your chats and account' });
    await within(drawer).findByText('Sleep and stress');
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'New chat' }));
    await userEvent.click(within(drawer).getByRole('link', { name: /Sleep and stress/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('traps focus, and gives it back to the opener when closed (× or Escape)', async () => {
    setViewport('mobile');
    fakeApi([sessions, finished, monthly]);
    renderSidebar({}, { withOpener: true });
    const opener = screen.getByRole('button', { name: 'Open chats' });
    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Your chats and account' });
    await within(drawer).findByText('Sleep and stress');
    // Tabbing all the way round stays inside the drawer.
    for (let i = 0; i < 15; i += 1) {
      await userEvent.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await userEvent.click(opener);
    const again = await screen.findByRole('dialog');
    // Escape in a chat's menu closes the menu only; the next Escape closes the drawer.
    const menuButton = await within(again).findByRole('button', { name: 'Actions for “Career doubts”' });
    await userEvent.click(menuButton);
    expect(within(again).getByRole('menu')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(within(again).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    expect(screen.getByRole('dialog')).toBe(again);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('renders nothing while closed', async () => {
    setViewport('mobile');
    fakeApi([sessions, finished, monthly]);
    renderSidebar({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New chat' })).toBeNull();
  });
});
