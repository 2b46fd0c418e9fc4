import { saveOfflineConversation } from '@innerview/api-client';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-support/render-app.tsx';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('offline page', () => {
  it('replaces the screen while offline: what works, what does not, the last conversation read-only', async () => {
    await saveOfflineConversation({
      sessionId: 's-1',
      title: 'Sleep and work',
      savedAt: '2026-05-01T10:00:00.000Z',
      messages: [
        { role: 'user', content: 'I sleep badly before Mondays.', timestamp: '2026-05-01T09:00:00.000Z' },
        {
          role: 'assistant',
          content: 'What happens on Sunday evenings?',
          timestamp: '2026-05-01T09:00:05.000Z',
        },
      ],
    });
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });

    goOffline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Works offline' })).toBeTruthy();
    expect(screen.getByText('Sending messages and getting replies')).toBeTruthy();
    const messages = within(await screen.findByTestId('offline-conversation')).getAllByRole('listitem');
    expect(messages.map((m) => m.textContent)).toEqual([
      'YouI sleep badly before Mondays.',
      'CoachWhat happens on Sunday evenings?',
    ]);
    expect(screen.getByRole('heading', { name: 'Sleep and work' })).toBeTruthy();
    // Read-only: nothing to type into.
    expect(screen.queryByRole('textbox')).toBeNull();

    goOffline(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });

  it('says so when no conversation is kept on this device', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    goOffline(true);
    expect(await screen.findByText(/No conversation is saved on this device yet/)).toBeTruthy();
  });
});
