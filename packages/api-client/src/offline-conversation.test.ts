import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetOfflineData,
  messagesSent,
  noteMessageSent,
  OFFLINE_MESSAGE_LIMIT,
  type OfflineConversation,
  onMessageSent,
  parseOfflineConversation,
  readOfflineConversation,
  saveOfflineConversation,
} from './offline-conversation.ts';
import { clearToken, saveToken } from './token-storage.ts';

const conversation = (count: number): OfflineConversation => ({
  sessionId: 's-1',
  title: 'Sleep and work',
  savedAt: '2026-05-01T10:00:00.000Z',
  messages: Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `message ${i}`,
    timestamp: '2026-05-01T09:00:00.000Z',
  })),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => clearToken());

describe('the conversation kept for offline reading', () => {
  it('without remember me it lives in this tab only, newest messages kept, and logout forgets it', async () => {
    saveToken('tok', { rememberMe: false });
    await saveOfflineConversation(conversation(OFFLINE_MESSAGE_LIMIT + 5));
    const kept = await readOfflineConversation();
    expect(kept?.title).toBe('Sleep and work');
    expect(kept?.messages).toHaveLength(OFFLINE_MESSAGE_LIMIT);
    expect(kept?.messages.at(-1)?.content).toBe(`message ${OFFLINE_MESSAGE_LIMIT + 4}`);
    expect(Object.keys(localStorage).some((k) => k.includes('Conversation'))).toBe(false);

    await forgetOfflineData();
    expect(await readOfflineConversation()).toBeNull();
  });

  it('a new conversation replaces the last one', async () => {
    await saveOfflineConversation(conversation(2));
    await saveOfflineConversation({ ...conversation(1), sessionId: 's-2', title: 'Another' });
    expect((await readOfflineConversation())?.sessionId).toBe('s-2');
  });

  it('reads only well-formed messages from what was stored', () => {
    expect(parseOfflineConversation({ sessionId: 1 })).toBeNull();
    const parsed = parseOfflineConversation({
      ...conversation(1),
      messages: [{ role: 'system', content: 'x', timestamp: 't' }, conversation(1).messages[0], 'junk'],
    });
    expect(parsed?.messages).toEqual(conversation(1).messages);
  });
});

describe('messages sent (for the install offer)', () => {
  it('counts in this browser and tells listeners', () => {
    let heard = 0;
    const stop = onMessageSent(() => {
      heard += 1;
    });
    noteMessageSent();
    noteMessageSent();
    stop();
    noteMessageSent();
    expect(messagesSent()).toBe(3);
    expect(heard).toBe(2);
  });

  it('ignores a count that is not a number', () => {
    localStorage.setItem('innerview.messagesSent', 'lots');
    expect(messagesSent()).toBe(0);
  });
});
