import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { formatAttachmentNote } from '@innerview/contracts/chat-attachments';
import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import attachments from '../../locales/en/attachments.json' with { type: 'json' };
import chat from '../../locales/en/chat.json' with { type: 'json' };
import { useAttachments } from '../attachments/index.ts';
import type { TranscriptEntry } from '../chat-api.ts';
import { visibleMessages } from './conversation-state.ts';
import { TRANSCRIPT_PAGE_SIZE, useConversation } from './use-conversation.ts';

// How the remote reads a long session: its newest page first, older pages on request (the list
// asks when scrolled to its top), each put in front without a gap, a repeat or a hidden note shown.

const S = 'session-long';
const OTHER = 'session-other';

/** A session of `count` stored messages, one of them (index 5) an attachment note before message 6. */
function session(count: number): TranscriptEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m-${String(i).padStart(4, '0')}`,
    role: i % 2 === 0 || i === 5 ? 'user' : 'assistant',
    content:
      i === 5
        ? formatAttachmentNote([
            { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'notes.pdf', type: 'application/pdf' },
          ])
        : `message ${i}`,
    timestamp: new Date(Date.UTC(2026, 4, 1, 10, 0, i)).toISOString(),
    hidden: i === 5,
  }));
}

type Server = {
  messages: TranscriptEntry[];
  /** Answers the next older-page call with this status (once). */
  failNext?: number;
  /** Holds older-page answers until released. */
  hold?: Promise<void>;
};

/** The service's paging (limit, before) over `server.messages`, as GET /transcript answers it. */
function serve(server: Server) {
  return installFakeFetch(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (path === '/users/me') return jsonResponse(200, testUser());
    if (path === '/chat-sessions/') return jsonResponse(200, []);
    const match = /^\/chat-sessions\/([^/]+)\/transcript$/.exec(path);
    if (!match) return jsonResponse(404, { detail: 'Not Found' });
    const all = match[1] === S ? server.messages : [];
    const limit = Number(url.searchParams.get('limit') ?? all.length);
    const before = url.searchParams.get('before');
    if (before !== null) {
      await server.hold;
      if (server.failNext) {
        const status = server.failNext;
        server.failNext = undefined;
        return jsonResponse(status, { detail: 'Internal server error' });
      }
    }
    const end = before === null ? all.length : all.findIndex((m) => m.id === before);
    return jsonResponse(200, all.slice(Math.max(0, end - limit), end));
  });
}

function renderConversation(sessionId: string) {
  const i18n = createI18n({
    namespaces: ['chat', 'attachments'],
    defaultNS: 'chat',
    lng: 'en',
    resources: { en: { chat, attachments } },
  });
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
          <MemoryRouter initialEntries={[`/chat/${sessionId}`]}>{children}</MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </Provider>
  );
  return renderHook(({ id }) => useConversation(id, useAttachments()), {
    wrapper,
    initialProps: { id: sessionId },
  });
}

const transcriptCalls = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname.endsWith('/transcript'))
    .map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  localStorage.clear();
  setApiBase(DEFAULT_API_BASE);
  saveToken('test-token', { rememberMe: true });
});
afterEach(() => {
  clearToken();
});

describe('a long session, page by page', () => {
  it('opens at its newest page and puts older pages in front until the first message, once each', async () => {
    const server: Server = { messages: session(120) };
    const { requests } = serve(server);
    const { result } = renderConversation(S);

    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    const ids = () => result.current.state.messages.map((m) => m.id);
    expect(ids()).toEqual(server.messages.slice(-TRANSCRIPT_PAGE_SIZE).map((m) => m.id));
    expect(result.current.state.older).toBe('available');
    expect(transcriptCalls(requests)).toEqual([{ limit: String(TRANSCRIPT_PAGE_SIZE) }]);

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.state.older).toBe('available'));
    expect(ids()).toEqual(server.messages.slice(-2 * TRANSCRIPT_PAGE_SIZE).map((m) => m.id));
    expect(result.current.state.prepended).toBe(TRANSCRIPT_PAGE_SIZE);

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.state.older).toBe('complete'));
    // Every message once, in order; the note (hidden) is not drawn and its file shows on message 6.
    expect(ids()).toEqual(server.messages.map((m) => m.id));
    expect(visibleMessages(result.current.state.messages)).toHaveLength(119);
    expect(result.current.state.prepended).toBe(2 * TRANSCRIPT_PAGE_SIZE - 1 + 20 - TRANSCRIPT_PAGE_SIZE);
    expect(result.current.attachmentsByMessage.get('m-0006')?.map((f) => f.name)).toEqual(['notes.pdf']);
    expect(transcriptCalls(requests)).toEqual([
      { limit: '50' },
      { limit: '50', before: 'm-0070' },
      { limit: '50', before: 'm-0020' },
    ]);

    // The first message is on screen: nothing more is asked for.
    act(() => result.current.loadOlder());
    expect(transcriptCalls(requests)).toHaveLength(3);
  });

  it('asks once while a page is being read, however often the top is reached', async () => {
    let release = () => {};
    const server: Server = { messages: session(120), hold: new Promise((resolve) => (release = resolve)) };
    const { requests } = serve(server);
    const { result } = renderConversation(S);
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));

    act(() => {
      result.current.loadOlder();
      result.current.loadOlder();
    });
    act(() => result.current.loadOlder());
    expect(result.current.state.older).toBe('loading');
    release();
    await waitFor(() => expect(result.current.state.older).toBe('available'));
    expect(transcriptCalls(requests)).toHaveLength(2);
    expect(new Set(result.current.state.messages.map((m) => m.id)).size).toBe(100);
  });

  it('says a failed page failed, keeps what is on screen, and reads it on a retry', async () => {
    const server: Server = { messages: session(120), failNext: 500 };
    serve(server);
    const { result } = renderConversation(S);
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.state.older).toBe('failed'));
    expect(result.current.state.messages).toHaveLength(TRANSCRIPT_PAGE_SIZE);

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.state.older).toBe('available'));
    expect(result.current.state.messages.map((m) => m.id)).toEqual(
      server.messages.slice(-2 * TRANSCRIPT_PAGE_SIZE).map((m) => m.id),
    );
  });

  it('drops a page that arrives after the person opened another session', async () => {
    let release = () => {};
    const server: Server = { messages: session(120), hold: new Promise((resolve) => (release = resolve)) };
    serve(server);
    const { result, rerender } = renderConversation(S);
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));

    act(() => result.current.loadOlder());
    rerender({ id: OTHER });
    await waitFor(() => expect(result.current.state.sessionId).toBe(OTHER));
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.state.messages).toEqual([]);
    expect(result.current.state.older).toBe('complete');
  });

  it('reads a short session in one call and never asks for more', async () => {
    const server: Server = { messages: session(7) };
    const { requests } = serve(server);
    const { result } = renderConversation(S);
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    expect(result.current.state.messages).toHaveLength(7);
    expect(result.current.state.older).toBe('complete');
    act(() => result.current.loadOlder());
    expect(transcriptCalls(requests)).toHaveLength(1);
  });
});
