import { createStore } from '@innerview/api-client';
import { testGoal } from '@innerview/api-client/testing/bodies';
import { goalOffers } from '@innerview/contracts/goal-statement';
import { createI18n } from '@innerview/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/chat.json' with { type: 'json' };
import it_ from '../../locales/it/chat.json' with { type: 'json' };
import { fakeApi, resetBrowserState } from '../sidebar/sidebar-test-support.tsx';
import { AddGoal, proposedGoals } from './add-goal.tsx';
import type { ChatMessage } from './conversation-state.ts';
import { useCoachOpening } from './use-coach-opening.ts';

// docs/product.md#goals in the chat: "Add as goal" under a reply offering to keep a stated goal,
// and a new chat opened by the coach with a due check-in.
beforeEach(resetBrowserState);

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function wrap(children: React.ReactNode, lng: 'en' | 'it' = 'en', path = '/chat') {
  const i18n = createI18n({
    namespaces: ['chat'],
    defaultNS: 'chat',
    lng,
    resources: { en: { chat: en }, it: { chat: it_ } },
  });
  return render(
    <Provider store={createStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={children} />
          </Routes>
          <Location />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

const message = (id: string, role: 'user' | 'assistant', content: string, extra: Partial<ChatMessage> = {}) =>
  ({
    id,
    role,
    content,
    timestamp: '2026-05-01T10:00:00.000Z',
    session_id: 's1',
    isStreaming: false,
    failed: false,
    hidden: false,
    ...extra,
  }) satisfies ChatMessage;

describe('proposedGoals', () => {
  it('offers the stated goal under the reply that offers it, and nowhere else', () => {
    const found = proposedGoals([
      message('u1', 'user', 'My goal is to run 5 km by June.'),
      message('a1', 'assistant', `Hello.\n\n${goalOffers.en}\n\nWhat would be a first step?`),
      message('u2', 'user', 'Work is busy.'),
      message('a2', 'assistant', 'What takes the most time?'),
      message('u3', 'user', 'Voglio finire la tesi entro marzo'),
      message('a3', 'assistant', goalOffers.it, { isStreaming: true }),
    ]);
    expect([...found]).toEqual([['a1', 'Run 5 km by June']]);
  });

  it('offers nothing under a reply that does not offer it (a care reply)', () => {
    const found = proposedGoals([
      message('u1', 'user', 'My goal is to disappear.'),
      message('a1', 'assistant', 'I am worried about what you wrote. Please call 143.'),
    ]);
    expect(found.size).toBe(0);
  });
});

describe('Add as goal', () => {
  it('sets the goal with a weekly check-in and links to the goals page', async () => {
    const api = fakeApi([{ method: 'POST', path: '/goals/', status: 201, body: testGoal() }]);
    wrap(<AddGoal title="Run 5 km by June" />);
    const button = screen.getByRole('button', { name: 'Add as goal', description: 'Run 5 km by June' });
    await userEvent.click(button);
    expect(await screen.findByText(/“Run 5 km by June” is now one of your goals\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your goals' }).getAttribute('href')).toBe('/goals');
    expect(await api.calls('POST', '/goals/')[0]!.json()).toEqual({
      title: 'Run 5 km by June',
      checkin: 'weekly',
    });
  });

  it('says so in Italian when 20 goals are active', async () => {
    fakeApi([{ method: 'POST', path: '/goals/', status: 409, body: { detail: 'limit', code: 'CONFLICT' } }]);
    wrap(<AddGoal title="Correre" />, 'it');
    await userEvent.click(screen.getByRole('button', { name: 'Salva come obiettivo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Hai 20 obiettivi attivi');
  });
});

function Opening({ ready, expectOpening = false }: { ready: boolean; expectOpening?: boolean }) {
  useCoachOpening(null, ready, () => true, expectOpening);
  return null;
}

describe('a new chat with a check-in due', () => {
  it('moves to the session the coach opened, asking once', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/chat-sessions/opening',
        status: 201,
        body: { session_id: 's9', opening: 'checkin', goal_id: 'g1' },
      },
    ]);
    const view = wrap(<Opening ready />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/s9'));
    view.rerender(<div />);
    expect(api.calls('POST', '/chat-sessions/opening')).toHaveLength(1);
  });

  it('stays a new chat when nothing is due, and asks nothing while not ready', async () => {
    const api = fakeApi([{ method: 'POST', path: '/chat-sessions/opening', status: 204 }]);
    wrap(
      <>
        <Opening ready />
        <Opening ready={false} />
      </>,
    );
    await waitFor(() => expect(api.calls('POST', '/chat-sessions/opening')).toHaveLength(1));
    expect(screen.getByTestId('location').textContent).toBe('/chat');
  });

  it('right after the questionnaire, asks again until the coach has the answers, then moves there', async () => {
    const api = fakeApi([
      { method: 'POST', path: '/chat-sessions/opening', status: 204 },
      { method: 'POST', path: '/chat-sessions/opening', status: 204 },
      {
        method: 'POST',
        path: '/chat-sessions/opening',
        status: 201,
        body: { session_id: 's7', opening: 'introduction' },
      },
    ]);
    wrap(<Opening ready expectOpening />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/s7'), {
      timeout: 3000,
    });
    expect(api.calls('POST', '/chat-sessions/opening')).toHaveLength(3);
  });
});
