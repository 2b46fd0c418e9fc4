import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation-state.ts';
import { offlineSnapshot } from './offline-snapshot.ts';

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm',
  role: 'user',
  content: 'Hello',
  timestamp: '2026-05-01T09:00:00.000Z',
  session_id: 's-1',
  isStreaming: false,
  failed: false,
  hidden: false,
  ...over,
});

describe('offlineSnapshot', () => {
  const now = new Date('2026-05-01T10:00:00.000Z');

  it('keeps the shown messages of a finished conversation, without ids or flags', () => {
    const shown = [
      message({ id: 'a', content: 'I sleep badly' }),
      message({ id: 'b', role: 'assistant', content: 'What keeps you awake?' }),
      message({ id: 'c', hidden: true, content: 'questionnaire answers' }),
    ];
    expect(offlineSnapshot('s-1', 'Sleep', 'idle', shown, now)).toEqual({
      sessionId: 's-1',
      title: 'Sleep',
      savedAt: '2026-05-01T10:00:00.000Z',
      messages: [
        { role: 'user', content: 'I sleep badly', timestamp: '2026-05-01T09:00:00.000Z' },
        { role: 'assistant', content: 'What keeps you awake?', timestamp: '2026-05-01T09:00:00.000Z' },
      ],
    });
  });

  it('keeps nothing for a new chat, while a reply is written, or before the title is known', () => {
    const shown = [message({})];
    expect(offlineSnapshot(null, 'New chat', 'idle', shown, now)).toBeNull();
    expect(offlineSnapshot('s-1', 'Sleep', 'streaming', shown, now)).toBeNull();
    expect(offlineSnapshot('s-1', null, 'idle', shown, now)).toBeNull();
    expect(
      offlineSnapshot('s-1', 'Sleep', 'idle', [message({ role: 'assistant', content: ' ' })], now),
    ).toBeNull();
  });
});
