import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { highlighted } from './chat-search.tsx';
import {
  type FakeRoute,
  fakeApi,
  finishedQuestionnaire,
  location,
  monthlySubscription,
  renderSidebar,
  setViewport,
  signedInOnDesktop,
} from './sidebar-test-support.tsx';

signedInOnDesktop();

const now = new Date().toISOString();
const base: FakeRoute[] = [
  {
    method: 'GET',
    path: '/chat-sessions/',
    body: [{ id: 's1', session_title: 'Exam nerves', total_tokens: 1, created_at: now, updated_at: now }],
  },
  finishedQuestionnaire,
  monthlySubscription,
];
const found = {
  method: 'GET',
  path: '/chat-sessions/search',
  body: {
    results: [
      {
        session_id: 's1',
        session_title: 'Exam nerves',
        message_id: 'm1',
        snippet: 'Ich habe Angst vor der Prüfung morgen',
        timestamp: '2026-05-01T10:00:00.000Z',
      },
    ],
  },
};

describe('search in the sidebar', () => {
  it('finds messages as the person types, lists them with the words marked, and opens one', async () => {
    const api = fakeApi([...base, found]);
    renderSidebar();
    const field = await screen.findByRole('searchbox', { name: 'Search your chats' });
    await userEvent.type(field, 'prufung');
    const list = await screen.findByRole('list', { name: 'Search results' });
    const [result] = within(list).getAllByRole('link');
    expect(result!.textContent).toContain('Exam nerves');
    expect(result!.querySelector('mark')?.textContent).toBe('Prüfung');
    expect(result!.querySelector('time')?.getAttribute('datetime')).toBe('2026-05-01T10:00:00.000Z');
    expect(screen.getByTestId('search-status').textContent).toContain('1 message found');
    // One request once the person paused, not one per letter.
    expect(api.calls('GET', '/chat-sessions/search')).toHaveLength(1);
    expect(new URL(api.calls('GET', '/chat-sessions/search')[0]!.url).searchParams.get('q')).toBe('prufung');
    // The history is replaced by the results while searching.
    expect(screen.queryByRole('heading', { name: 'Your chats' })).toBeNull();
    await userEvent.click(result!);
    expect(location()).toBe('/chat/s1');
  });

  it('says when nothing matches, and Escape clears the field and brings the history back', async () => {
    fakeApi([...base, { ...found, body: { results: [] } }]);
    renderSidebar();
    const field = await screen.findByRole('searchbox', { name: 'Search your chats' });
    await userEvent.type(field, 'xylophone');
    await waitFor(() =>
      expect(screen.getByTestId('search-status').textContent).toContain('No messages match “xylophone”.'),
    );
    await userEvent.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('heading', { name: 'Your chats' })).toBeTruthy();
  });

  it('speaks German in German', async () => {
    fakeApi([...base, found]);
    renderSidebar({}, { lng: 'de' });
    const field = await screen.findByRole('searchbox', { name: 'Deine Chats durchsuchen' });
    await userEvent.type(field, 'Prüfung');
    expect(await screen.findByRole('list', { name: 'Suchergebnisse' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('search-status').textContent).toContain('1 Nachricht gefunden'),
    );
  });

  it('clears with Escape inside the phone drawer without closing it', async () => {
    setViewport('mobile');
    fakeApi([...base, found]);
    renderSidebar({}, { withOpener: true });
    await userEvent.click(screen.getByRole('button', { name: 'Open chats' }));
    const field = await screen.findByRole('searchbox', { name: 'Search your chats' });
    await userEvent.type(field, 'angst');
    await screen.findByRole('list', { name: 'Search results' });
    await userEvent.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('highlighted', () => {
  it('marks whole words, accents and case ignored, in the original spelling', () => {
    const { container } = render(<p>{highlighted('Große Angst, grosse Prüfungsangst', 'GROSSE angst')}</p>);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Große',
      'Angst',
      'grosse',
    ]);
  });
});
