import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import attachments from '../../locales/en/attachments.json' with { type: 'json' };
import chat from '../../locales/en/chat.json' with { type: 'json' };
import { ConversationView } from './conversation-view.tsx';

// The conversation column in jsdom (the list itself needs a real browser: see e2e/chat.e2e.ts):
// the greeting, the keyboard rules of the message box and the refusal to send without a token.
const sent: unknown[] = [];

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** `opening` answers the new chat's question whether the coach opens it (404 without). */
function renderView(opening?: () => Promise<Response>, store = createStore()) {
  installFakeFetch(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    if (path === '/users/me') return jsonResponse(200, testUser());
    if (path === '/chat/coach') return jsonResponse(200, { coach: 'offline' });
    if (path === '/chat-sessions/') return jsonResponse(200, []);
    if (path === '/chat-sessions/opening' && opening) return opening();
    if (path === '/chat/stream') {
      sent.push(await request.json());
      return new Response(
        'id: 0\ndata: {"session_id":"s1","role":"assistant","content":""}\n\ndata: [DONE]\n\n',
        {
          headers: { 'content-type': 'text/event-stream' },
        },
      );
    }
    return jsonResponse(404, { detail: 'Not Found' });
  });
  const i18n = createI18n({
    namespaces: ['chat', 'attachments'],
    defaultNS: 'chat',
    lng: 'en',
    resources: { en: { chat, attachments } },
  });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
          <MemoryRouter initialEntries={['/chat']}>
            <ConversationView
              sessionId={null}
              keyboardOpen={false}
              sidebarOpen={false}
              onOpenSidebar={() => {}}
            />
            <Location />
          </MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}

beforeEach(() => {
  sent.length = 0;
  localStorage.clear();
  setApiBase(DEFAULT_API_BASE);
  saveToken('test-token', { rememberMe: true });
});
afterEach(() => {
  clearToken();
});

describe('ConversationView', () => {
  it('says, below the message box of every conversation, that the coach is an AI, not a person or a therapist', async () => {
    renderView();
    await screen.findByRole('heading', { name: 'Hello, Ada' });
    expect(screen.getByTestId('ai-notice').textContent).toBe(
      'You are talking to an AI coach, not a person or a therapist. In an emergency: 144 or 112; to talk to someone day and night: 143.',
    );
  });

  it('greets by first name, labels the offline coach, and sends the trimmed text on Enter only', async () => {
    renderView();
    await screen.findByRole('heading', { name: 'Hello, Ada' });
    await screen.findByText(/Offline coach/);
    const box = screen.getByRole('textbox', { name: 'Your message' });

    await userEvent.type(box, '   {Enter}');
    expect(sent).toEqual([]);
    await userEvent.clear(box);
    await userEvent.type(box, '  First line{Shift>}{Enter}{/Shift}second line  ');
    expect((box as HTMLTextAreaElement).value).toBe('  First line\nsecond line  ');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ message: 'First line\nsecond line', session_id: null, language: 'en' });
  });

  it("shows 'Please log in to send messages' without a token and keeps the text", async () => {
    renderView();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    clearToken();
    await userEvent.type(box, 'Hello{Enter}');
    expect(await screen.findByText('Please log in to send messages')).toBeTruthy();
    expect(screen.getByText('Authentication Required')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
    expect(sent).toEqual([]);
  });

  it('keeps the new chat for the words being typed when the coach’s opening comes back meanwhile', async () => {
    let answer!: (response: Response) => void;
    const store = createStore();
    const asked = new Promise<void>((resolve) => {
      renderView(
        () =>
          new Promise<Response>((respond) => {
            answer = respond;
            resolve();
          }),
        store,
      );
    });
    await asked;
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Please remember that I prefer short answers');
    answer(jsonResponse(201, { session_id: 's9', opening: 'introduction' }));
    // The coach's answer is in, and what the page does with it has run.
    await waitFor(() =>
      expect(Object.values(store.getState().api.mutations).map((m) => m?.status)).toEqual(['fulfilled']),
    );
    await act(async () => {});
    expect(screen.getByTestId('location').textContent).toBe('/chat');
    expect((box as HTMLTextAreaElement).value).toBe('Please remember that I prefer short answers');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      message: 'Please remember that I prefer short answers',
      session_id: null,
    });
    expect(screen.getByTestId('location').textContent).not.toBe('/chat/s9');
  });

  it('moves to the session the coach opened while the box is empty', async () => {
    renderView(async () => jsonResponse(201, { session_id: 's9', opening: 'introduction' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/s9'));
  });
});
