import type { ChatMessageVersion } from '@innerview/contracts/chat';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES, renderBubble } from './bubble-test-support.tsx';
import {
  type ChatMessage,
  conversationReducer,
  initialConversation,
  messageFromEntry,
  revisable,
} from './conversation-state.ts';
import { withVersionViews } from './message-versions.tsx';

// Edit the last message, a new reply, and the versions switcher (ADR 0058), as a person meets them.
const base = {
  timestamp: '2026-05-01T10:00:00.000Z',
  session_id: 's1',
  isStreaming: false,
  failed: false,
  hidden: false,
};
const mine: ChatMessage = { ...base, id: 'u1', role: 'user', content: 'I want to run more' };
const reply: ChatMessage = {
  ...base,
  id: 'a1',
  role: 'assistant',
  content: 'What would a first run look like?',
};

describe('editing the last message', () => {
  it('opens an inline editor by keyboard, saves with Enter and sends the new text', async () => {
    const onEdit = vi.fn();
    renderBubble(mine, { onEdit });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy message' }));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: 'Edit your message' });
    expect(document.activeElement).toBe(box);
    await userEvent.clear(box);
    await userEvent.type(box, 'I want to swim more{Enter}');
    expect(onEdit).toHaveBeenCalledWith('I want to swim more');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('cancels with Escape or Cancel, gives focus back, and sends nothing empty', async () => {
    const onEdit = vi.fn();
    renderBubble(mine, { onEdit });
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('I want to run more')).toBeTruthy();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit message' })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    await userEvent.clear(screen.getByRole('textbox'));
    expect(screen.getByRole('button', { name: 'Save and send' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('offers no edit on a message that is not the last one', () => {
    renderBubble(mine);
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
  });

  it('says edit, new reply and the version in all five languages', () => {
    const expected = {
      en: ['Edit message', 'Version 2 of 2'],
      fr: ['Modifier le message', 'Version 2 sur 2'],
      de: ['Nachricht bearbeiten', 'Version 2 von 2'],
      it: ['Modifica messaggio', 'Versione 2 di 2'],
      es: ['Editar mensaje', 'Versión 2 de 2'],
    };
    for (const lng of LANGUAGES) {
      renderBubble(
        { ...mine, version: { index: 2, count: 2 } },
        { onEdit: () => {}, onShowVersion: () => {} },
        lng,
      );
      expect(screen.getByRole('button', { name: expected[lng][0] })).toBeTruthy();
      expect(screen.getByRole('group', { name: expected[lng][1] })).toBeTruthy();
      cleanup();
    }
  });
});

describe('a new reply and the versions', () => {
  it('offers a new reply on the last reply', async () => {
    const onRegenerate = vi.fn();
    renderBubble(reply, { onRegenerate });
    await userEvent.click(screen.getByRole('button', { name: 'Write a new reply' }));
    expect(onRegenerate).toHaveBeenCalledOnce();
  });

  it('steps through versions with the switcher: previous on the newest, next on the first', async () => {
    const onShowVersion = vi.fn();
    renderBubble({ ...reply, version: { index: 2, count: 2 } }, { onShowVersion });
    expect(screen.getByTestId('version-place').textContent).toBe('2 / 2');
    expect(screen.getByRole('button', { name: 'Next version' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(onShowVersion).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), 1);
  });

  it('shows an earlier version of the message with the reply it had, without edit or new reply', () => {
    const versions: ChatMessageVersion[] = [
      {
        id: 'u0',
        role: 'user',
        content: 'I want to run more',
        timestamp: base.timestamp,
        current: false,
        reply: {
          id: 'a0',
          role: 'assistant',
          content: 'Running: where?',
          timestamp: base.timestamp,
          current: false,
        },
      },
      {
        id: 'u1',
        role: 'user',
        content: 'I want to swim more',
        timestamp: base.timestamp,
        current: true,
        reply: {
          id: 'a1',
          role: 'assistant',
          content: 'Swimming: when?',
          timestamp: base.timestamp,
          current: true,
        },
      },
    ];
    const drawn = withVersionViews(
      [
        { ...mine, content: 'I want to swim more', version: { index: 2, count: 2 } },
        { ...reply, content: 'Swimming: when?' },
      ],
      new Map([['u1', { index: 1, versions }]]),
    );
    expect(drawn.map((m) => [m.content, m.earlier, m.version])).toEqual([
      ['I want to run more', true, { index: 1, count: 2 }],
      ['Running: where?', true, undefined],
    ]);
    renderBubble(drawn[0]!, { onEdit: () => {}, onShowVersion: () => {} });
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
  });
});

describe('what may be revised', () => {
  const loaded = conversationReducer(initialConversation('s1'), {
    type: 'loaded',
    sessionId: 's1',
    complete: true,
    entries: [
      { id: 'u1', role: 'user', content: 'One', timestamp: base.timestamp, hidden: false },
      { id: 'a1', role: 'assistant', content: 'Reply', timestamp: base.timestamp, hidden: false },
      {
        id: 'u2',
        role: 'user',
        content: 'Two',
        timestamp: base.timestamp,
        hidden: false,
        version: { index: 2, count: 2 },
      },
      { id: 'a2', role: 'assistant', content: 'Reply two', timestamp: base.timestamp, hidden: false },
    ],
  });

  it('is the last message and the last reply, only while nothing runs', () => {
    expect(revisable(loaded)).toEqual({ lastUser: 'u2', lastReply: 'a2' });
    expect(loaded.messages[2]!.version).toEqual({ index: 2, count: 2 });
    expect(revisable({ ...loaded, phase: 'streaming' })).toEqual({});
  });

  it('replaces the last exchange while the new reply streams', () => {
    const user = messageFromEntry(
      { id: 'local-u', role: 'user', content: 'Two, better', timestamp: base.timestamp, hidden: false },
      's1',
    );
    const assistant = { ...user, id: 'local-a', role: 'assistant' as const, content: '', isStreaming: true };
    const edited = conversationReducer(loaded, { type: 'revisionStarted', from: 'u2', user, assistant });
    expect(edited.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'local-u', 'local-a']);
    expect(edited.phase).toBe('sending');
    const regenerated = conversationReducer(loaded, {
      type: 'revisionStarted',
      from: 'a2',
      user: null,
      assistant,
    });
    expect(regenerated.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'local-a']);
  });
});
