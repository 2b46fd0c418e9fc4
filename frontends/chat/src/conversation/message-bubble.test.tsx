import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/chat.json' with { type: 'json' };
import en from '../../locales/en/chat.json' with { type: 'json' };
import es from '../../locales/es/chat.json' with { type: 'json' };
import fr from '../../locales/fr/chat.json' with { type: 'json' };
import it_ from '../../locales/it/chat.json' with { type: 'json' };
import {
  type ChatMessage,
  conversationReducer,
  initialConversation,
  messageFromEntry,
} from './conversation-state.ts';
import { MessageBubble } from './message-bubble.tsx';

// A reply the person stopped ends mid-sentence: the bubble says it was stopped (issue 20), right
// after the stop and after a reload (the transcript's `stopped`).
const LANGUAGES = ['en', 'fr', 'de', 'it', 'es'] as const;
const texts = { en, fr, de, it: it_, es };

function renderBubble(message: ChatMessage, lng: (typeof LANGUAGES)[number] = 'en') {
  const i18n = createI18n({
    namespaces: ['chat'],
    defaultNS: 'chat',
    lng,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { chat: texts[l] }])),
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
        <MemoryRouter>
          <MessageBubble message={message} attachments={undefined} onRetry={() => {}} retryDisabled={false} />
        </MemoryRouter>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const reply: ChatMessage = {
  id: 'a1',
  role: 'assistant',
  content: 'Courage often starts with',
  timestamp: '2026-05-01T10:00:00.000Z',
  session_id: 's1',
  isStreaming: true,
  failed: false,
  hidden: false,
};

describe('a stopped reply', () => {
  it('is marked "Reply stopped" once the person stops it', () => {
    const state = conversationReducer(
      { ...initialConversation('s1'), phase: 'streaming', messages: [reply] },
      { type: 'streamStopped', assistantId: 'a1' },
    );
    renderBubble(state.messages[0]!);
    expect(screen.getByText('Courage often starts with')).toBeTruthy();
    expect(screen.getByText('Reply stopped')).toBeTruthy();
  });

  it('stays marked after a reload, and a complete reply is not marked', () => {
    const entry = {
      id: 'a1',
      role: 'assistant' as const,
      content: 'Courage',
      timestamp: reply.timestamp,
      hidden: false,
    };
    renderBubble(messageFromEntry({ ...entry, stopped: true }, 's1'));
    expect(screen.getByText('Reply stopped')).toBeTruthy();
    cleanup();
    renderBubble(messageFromEntry(entry, 's1'));
    expect(screen.queryByText('Reply stopped')).toBeNull();
  });

  it('says so in the five languages', () => {
    const said = LANGUAGES.map((lng) => {
      renderBubble({ ...reply, isStreaming: false, stopped: true }, lng);
      const text = document.querySelector('.iv-chat-message__stopped')?.textContent;
      cleanup();
      return text;
    });
    expect(said).toEqual([
      'Reply stopped',
      'Réponse arrêtée',
      'Antwort gestoppt',
      'Risposta fermata',
      'Respuesta detenida',
    ]);
  });
});
