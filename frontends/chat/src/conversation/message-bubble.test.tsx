import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, renderBubble } from './bubble-test-support.tsx';
import {
  type ChatMessage,
  conversationReducer,
  initialConversation,
  messageFromEntry,
} from './conversation-state.ts';

// A reply the person stopped ends mid-sentence: the bubble says it was stopped (issue 20), right
// after the stop and after a reload (the transcript's `stopped`).
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
      renderBubble({ ...reply, isStreaming: false, stopped: true }, {}, lng);
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
