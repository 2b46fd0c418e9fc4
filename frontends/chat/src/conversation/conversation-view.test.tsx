import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import attachments from '../../locales/en/attachments.json' with { type: 'json' };
import chat from '../../locales/en/chat.json' with { type: 'json' };
import { ConversationView } from './conversation-view.tsx';

// The conversation column in jsdom (the list itself needs a real browser: see e2e/chat.e2e.ts):
// the greeting, the keyboard rules of the message box and the refusal to send without a token.
const sent: unknown[] = [];

function renderView() {
  installFakeFetch(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    if (path === '/users/me') return jsonResponse(200, testUser());
    if (path === '/chat/coach') return jsonResponse(200, { coach: 'offline' });
    if (path === '/chat-sessions/') return jsonResponse(200, []);
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
    <Provider store={createStore()}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
          <MemoryRouter initialEntries={['/chat']}>
            <ConversationView
              sessionId={null}
              keyboardOpen={false}
              sidebarOpen={false}
              onOpenSidebar={() => {}}
            />
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
});
