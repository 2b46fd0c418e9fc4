import { QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../chat-api.ts';
import {
  type ChatMessage,
  type ConversationAction,
  type ConversationState,
  canStartIntro,
  conversationReducer,
  initialConversation,
  messageToSend,
  visibleMessages,
} from './conversation-state.ts';
import { describeFailure, failureKey } from './reply-failure.ts';

const S = 'session-1';

function message(
  id: string,
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    role,
    content,
    timestamp: '2026-05-01T10:00:00.000Z',
    session_id: S,
    isStreaming: false,
    failed: false,
    hidden: false,
    ...extra,
  };
}

const run = (state: ConversationState, ...actions: ConversationAction[]) =>
  actions.reduce(conversationReducer, state);

/** An open session with these messages and nothing under way. */
const idleWith = (messages: ChatMessage[]): ConversationState => ({
  ...initialConversation(S, 1),
  phase: 'idle',
  messages,
});

describe('the sending sequence (docs/product.md#sending-a-chat-message)', () => {
  it('adds the user message and an empty streaming reply, appends pieces, keeps the flag until cleared', () => {
    const user = message('u1', 'user', 'I feel stuck');
    const reply = message('a1', 'assistant', '', { isStreaming: true, session_id: null });
    let state = run(initialConversation(), { type: 'sendStarted', user, assistant: reply });
    expect(state.phase).toBe('sending');
    expect(state.messages.map((m) => [m.role, m.content, m.isStreaming])).toEqual([
      ['user', 'I feel stuck', false],
      ['assistant', '', true],
    ]);

    state = run(
      state,
      { type: 'streamOpened', sessionId: S },
      { type: 'pieceReceived', assistantId: 'a1', content: 'What ' },
      { type: 'pieceReceived', assistantId: 'a1', content: 'holds you?' },
      { type: 'streamFinished', assistantId: 'a1' },
    );
    expect(state.sessionId).toBe(S);
    expect(state.messages.every((m) => m.session_id === S)).toBe(true);
    expect(state.phase).toBe('idle');
    expect(state.messages[1]).toMatchObject({ content: 'What holds you?', isStreaming: true });
    state = run(state, { type: 'streamingCleared', assistantId: 'a1' });
    expect(state.messages[1]!.isStreaming).toBe(false);
  });

  it('marks the reply failed and its user message retryable on error', () => {
    const state = run(
      initialConversation(),
      { type: 'sendStarted', user: message('u1', 'user', 'Hi'), assistant: message('a1', 'assistant', '') },
      { type: 'streamFailed', assistantId: 'a1', error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } },
    );
    expect(state.phase).toBe('idle');
    expect(state.messages.map((m) => [m.id, m.failed])).toEqual([
      ['u1', true],
      ['a1', true],
    ]);
  });

  it('retry drops the following assistant message, clears the failed flag and sends again in place', () => {
    const before = idleWith([
      message('u0', 'user', 'Earlier'),
      message('a0', 'assistant', 'Earlier reply'),
      message('u1', 'user', 'Hi', { failed: true }),
      message('a1', 'assistant', '', { failed: true, error: { code: 'SERVER_ERROR', message: '' } }),
    ]);
    const state = run(before, {
      type: 'retryStarted',
      userId: 'u1',
      assistant: message('a2', 'assistant', '', { isStreaming: true }),
    });
    expect(state.phase).toBe('sending');
    expect(state.messages.map((m) => [m.id, m.failed])).toEqual([
      ['u0', false],
      ['a0', false],
      ['u1', false],
      ['a2', false],
    ]);
  });

  it('retry of a failed message from the transcript (no reply after it) just adds the new reply', () => {
    const before = idleWith([message('u1', 'user', 'Hi', { failed: true })]);
    const state = run(before, {
      type: 'retryStarted',
      userId: 'u1',
      assistant: message('a2', 'assistant', ''),
    });
    expect(state.messages.map((m) => m.id)).toEqual(['u1', 'a2']);
  });

  it('a stop keeps what was written; an empty reply is dropped', () => {
    const started = run(initialConversation(), {
      type: 'sendStarted',
      user: message('u1', 'user', 'Hi'),
      assistant: message('a1', 'assistant', '', { isStreaming: true }),
    });
    const partial = run(
      started,
      { type: 'pieceReceived', assistantId: 'a1', content: 'Half a' },
      { type: 'streamStopped', assistantId: 'a1' },
    );
    expect(partial.messages[1]).toMatchObject({ content: 'Half a', isStreaming: false, failed: false });
    expect(run(started, { type: 'streamStopped', assistantId: 'a1' }).messages.map((m) => m.id)).toEqual([
      'u1',
    ]);
  });

  it('an upload error aborts the send: the pair added at the start goes', () => {
    const state = run(
      initialConversation(),
      {
        type: 'sendStarted',
        user: message('u1', 'user', 'See file'),
        assistant: message('a1', 'assistant', ''),
      },
      { type: 'sendAborted', userId: 'u1', assistantId: 'a1' },
    );
    expect(state.messages).toEqual([]);
    expect(state.phase).toBe('idle');
  });
});

describe('loading a transcript', () => {
  const entries: TranscriptEntry[] = [
    { id: 'q', role: 'user', content: `${QUESTIONNAIRE_MESSAGE_PREAMBLE} …`, timestamp: 't', hidden: true },
    { id: 'a', role: 'assistant', content: 'Welcome', timestamp: 't', hidden: false },
    { id: 'u', role: 'user', content: 'Hello', timestamp: 't', hidden: false, failed: true },
    {
      id: 'r',
      role: 'assistant',
      content: 'So far',
      timestamp: 't',
      hidden: false,
      streaming: true,
      last_event_id: 4,
    },
  ];

  it('keeps hidden entries out of what is shown, and a reply in flight streaming', () => {
    const state = run(initialConversation(S), { type: 'loaded', sessionId: S, entries, complete: true });
    expect(state.phase).toBe('idle');
    expect(visibleMessages(state.messages).map((m) => m.id)).toEqual(['a', 'u', 'r']);
    expect(state.messages.find((m) => m.id === 'u')!.failed).toBe(true);
    expect(state.messages.find((m) => m.id === 'r')!.isStreaming).toBe(true);
  });

  it('ignores a transcript that arrives for a session no longer open', () => {
    const state = run(initialConversation('other'), {
      type: 'loaded',
      sessionId: S,
      entries,
      complete: true,
    });
    expect(state.messages).toEqual([]);
  });
});

describe('intro message and what is sent', () => {
  it('an intro start is ignored while one is processed, or a load or a stream runs', () => {
    const idle = initialConversation();
    expect(canStartIntro(idle, false)).toBe(true);
    expect(canStartIntro(idle, true)).toBe(false);
    expect(canStartIntro(initialConversation(S), false)).toBe(false); // loading
    expect(canStartIntro({ ...idle, phase: 'sending' }, false)).toBe(false);
    expect(canStartIntro({ ...idle, phase: 'streaming' }, false)).toBe(false);
  });

  it('trims the text, ignores an empty send, and sends the files label for files alone', () => {
    expect(messageToSend('  hello \n', 0, 'Files attached')).toBe('hello');
    expect(messageToSend('   ', 0, 'Files attached')).toBeNull();
    expect(messageToSend('', 2, 'Files attached')).toBe('Files attached');
  });
});

describe('reply failures', () => {
  it('reads the chat service code and reason of a subscription refusal from the error body', () => {
    expect(
      describeFailure({
        code: 'FORBIDDEN',
        message: 'Your free trial has ended.',
        status: 403,
        details: {
          detail: '…',
          code: 'SUBSCRIPTION_EXPIRED',
          reason: 'trial_expired',
          redirect_to: '/trial-expired',
        },
      }),
    ).toEqual({
      code: 'SUBSCRIPTION_EXPIRED',
      message: 'Your free trial has ended.',
      reason: 'trial_expired',
    });
    expect(describeFailure({ code: 'SERVER_ERROR', message: 'busy', status: 409 }).code).toBe(
      'REPLY_IN_PROGRESS',
    );
    expect(failureKey({ code: 'NETWORK_ERROR', message: '' })).toBe('network');
    expect(failureKey({ code: 'SERVICE_UNAVAILABLE', message: '' })).toBe('replyFailed');
  });
});

describe('older pages', () => {
  const entry = (id: string, hidden = false): TranscriptEntry => ({
    id,
    role: 'user',
    content: id,
    timestamp: '2026-05-01T10:00:00.000Z',
    hidden,
  });
  const opened = run(initialConversation(S), {
    type: 'loaded',
    sessionId: S,
    entries: [entry('c'), entry('d')],
    complete: false,
  });

  it('puts a page in front, counts only the visible messages it adds, and drops one already shown', () => {
    const state = run(
      opened,
      { type: 'olderStarted', sessionId: S },
      {
        type: 'olderLoaded',
        sessionId: S,
        entries: [entry('a'), entry('note', true), entry('c')],
        complete: true,
      },
    );
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'note', 'c', 'd']);
    expect(state.prepended).toBe(1);
    expect(state.older).toBe('complete');
    expect(state.generation).toBe(opened.generation);
  });

  it('ignores a page nobody asked for, or one for another session', () => {
    const notAsked = run(opened, {
      type: 'olderLoaded',
      sessionId: S,
      entries: [entry('a')],
      complete: true,
    });
    expect(notAsked).toBe(opened);
    const other = run(
      opened,
      { type: 'olderStarted', sessionId: S },
      { type: 'olderLoaded', sessionId: 'other', entries: [entry('a')], complete: true },
    );
    expect(other.messages.map((m) => m.id)).toEqual(['c', 'd']);
    expect(other.older).toBe('loading');
  });

  it('a failed page can be asked for again; a complete session asks for nothing', () => {
    const failed = run(opened, { type: 'olderStarted', sessionId: S }, { type: 'olderFailed', sessionId: S });
    expect(failed.older).toBe('failed');
    expect(run(failed, { type: 'olderStarted', sessionId: S }).older).toBe('loading');
    const complete = run(initialConversation(S), {
      type: 'loaded',
      sessionId: S,
      entries: [],
      complete: true,
    });
    expect(run(complete, { type: 'olderStarted', sessionId: S }).older).toBe('complete');
  });
});
