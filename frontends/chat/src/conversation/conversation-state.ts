import { isHiddenChatMessage } from '@innerview/contracts/chat';
import type { TranscriptEntry } from '../chat-api.ts';

/** Why a reply failed, as the bubble shows it (a translation key is chosen from `code`/`reason`). */
export type MessageError = { code: string; message: string; reason?: string };

/** docs/product.md#chat-records "Chat message (client)", plus what the screen needs to draw it. */
export type ChatMessage = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  session_id: string | null;
  isStreaming: boolean;
  failed: boolean;
  /** Questionnaire and attachment messages (docs/product.md#hidden-message-kinds): kept for order, never drawn as a bubble. */
  hidden: boolean;
  /** The person stopped the reply: it ends mid-sentence, and says so. */
  stopped?: boolean;
  error?: MessageError;
  /** An edited message or a regenerated reply: its place among its versions (ADR 0058). */
  version?: { index: number; count: number };
  /** Drawn as an earlier version the person is looking at (not the conversation's current branch). */
  earlier?: boolean;
};

/**
 * idle: nothing running · loading: the transcript is being read · sending: a message goes out
 * (uploads, then the stream) · streaming: a reply is being followed (after a send or a resume).
 */
export type ConversationPhase = 'idle' | 'loading' | 'sending' | 'streaming';

/**
 * Messages older than those on screen (a session opens at its newest page): `available` until a
 * page comes back shorter than asked (`complete`); `loading` while one is read; `failed` offers a retry.
 */
export type OlderMessages = 'complete' | 'available' | 'loading' | 'failed';

export type ConversationState = {
  sessionId: string | null;
  messages: ChatMessage[];
  phase: ConversationPhase;
  /** Grows when a new set of messages replaces the old (a load, a new chat): the list starts over. */
  generation: number;
  older: OlderMessages;
  /** Visible messages put before the first page since the list started (keeps the scroll position). */
  prepended: number;
};

export type ConversationAction =
  | { type: 'reset'; sessionId: string | null }
  | { type: 'loadStarted'; sessionId: string }
  /** The newest page; `complete` when it holds the whole session. */
  | { type: 'loaded'; sessionId: string; entries: TranscriptEntry[]; complete: boolean }
  | { type: 'loadFailed' }
  | { type: 'olderStarted'; sessionId: string }
  /** A page of older messages, put before those on screen; `complete` when it was the first. */
  | { type: 'olderLoaded'; sessionId: string; entries: TranscriptEntry[]; complete: boolean }
  | { type: 'olderFailed'; sessionId: string }
  /** docs/product.md#sending-a-chat-message step 1: the user message and an empty streaming assistant message. */
  | { type: 'sendStarted'; user: ChatMessage; assistant: ChatMessage }
  /** docs/product.md#sending-a-chat-message retry: the following assistant message dropped, the failed flag cleared, resent. */
  | { type: 'retryStarted'; userId: string; assistant: ChatMessage }
  /**
   * An edit (a new user message) or a regeneration: the messages from `from` on are replaced by the
   * new ones while the reply streams; the transcript is read again when it ends (with the versions).
   */
  | { type: 'revisionStarted'; from: string; user: ChatMessage | null; assistant: ChatMessage }
  /** An upload error aborts the send: the pair added at the start goes. */
  | { type: 'sendAborted'; userId: string; assistantId: string }
  | { type: 'streamOpened'; sessionId: string }
  /** A reply in flight found in the transcript (reload mid-reply) is followed again. */
  | { type: 'resumeStarted'; assistantId: string }
  | { type: 'pieceReceived'; assistantId: string; content: string }
  /** The end marker: the person may send again; the streaming flag stays until `streamingCleared`. */
  | { type: 'streamFinished'; assistantId: string }
  /** docs/product.md#sending-a-chat-message step 4: the streaming flag, 3 s after the end. */
  | { type: 'streamingCleared'; assistantId: string }
  | { type: 'streamStopped'; assistantId: string }
  /** docs/product.md#sending-a-chat-message step 5: the assistant message marked failed (and its user message offers a retry). */
  | { type: 'streamFailed'; assistantId: string; error: MessageError };

export const initialConversation = (sessionId: string | null = null, generation = 0): ConversationState => ({
  sessionId,
  messages: [],
  phase: sessionId ? 'loading' : 'idle',
  generation,
  older: 'complete',
  prepended: 0,
});

/** A transcript entry as a client message; a reply still being written stays streaming. */
export function messageFromEntry(entry: TranscriptEntry, sessionId: string): ChatMessage {
  return {
    id: entry.id,
    role: entry.role,
    content: entry.content,
    timestamp: entry.timestamp,
    session_id: sessionId,
    isStreaming: entry.streaming === true,
    failed: entry.failed === true,
    hidden: entry.hidden || (entry.role === 'user' && isHiddenChatMessage(entry.content)),
    ...(entry.stopped ? { stopped: true } : {}),
    ...(entry.version ? { version: entry.version } : {}),
  };
}

const update = (
  messages: ChatMessage[],
  id: string,
  change: (message: ChatMessage) => ChatMessage,
): ChatMessage[] => messages.map((m) => (m.id === id ? change(m) : m));

/** The user message a failed assistant message answered (the nearest user message before it). */
function userBefore(messages: ChatMessage[], assistantId: string): string | undefined {
  const index = messages.findIndex((m) => m.id === assistantId);
  for (let i = index - 1; i >= 0; i -= 1) if (messages[i]!.role === 'user') return messages[i]!.id;
  return undefined;
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'reset':
      return initialConversation(action.sessionId, state.generation + 1);
    case 'loadStarted':
      return { ...initialConversation(action.sessionId, state.generation), phase: 'loading' };
    case 'loaded':
      if (action.sessionId !== state.sessionId) return state;
      return {
        ...state,
        messages: action.entries.map((e) => messageFromEntry(e, action.sessionId)),
        phase: 'idle',
        generation: state.generation + 1,
        older: action.complete ? 'complete' : 'available',
        prepended: 0,
      };
    case 'olderStarted':
      if (action.sessionId !== state.sessionId || state.older === 'complete') return state;
      return { ...state, older: 'loading' };
    case 'olderLoaded': {
      if (action.sessionId !== state.sessionId || state.older !== 'loading') return state;
      // A message already on screen is never drawn twice (the cursor makes pages disjoint anyway).
      const known = new Set(state.messages.map((m) => m.id));
      const older = action.entries
        .filter((e) => !known.has(e.id))
        .map((e) => messageFromEntry(e, action.sessionId));
      return {
        ...state,
        messages: [...older, ...state.messages],
        older: action.complete ? 'complete' : 'available',
        prepended: state.prepended + visibleMessages(older).length,
      };
    }
    case 'olderFailed':
      if (action.sessionId !== state.sessionId || state.older !== 'loading') return state;
      return { ...state, older: 'failed' };
    case 'loadFailed':
      return { ...state, phase: 'idle' };
    case 'sendStarted':
      return { ...state, messages: [...state.messages, action.user, action.assistant], phase: 'sending' };
    case 'retryStarted': {
      const index = state.messages.findIndex((m) => m.id === action.userId);
      if (index < 0) return state;
      const user = { ...state.messages[index]!, failed: false };
      const next = state.messages[index + 1];
      const rest = state.messages.slice(index + (next?.role === 'assistant' ? 2 : 1));
      return {
        ...state,
        messages: [...state.messages.slice(0, index), user, action.assistant, ...rest],
        phase: 'sending',
      };
    }
    case 'revisionStarted': {
      const index = state.messages.findIndex((m) => m.id === action.from);
      if (index < 0) return state;
      const added = action.user ? [action.user, action.assistant] : [action.assistant];
      return { ...state, messages: [...state.messages.slice(0, index), ...added], phase: 'sending' };
    }
    case 'sendAborted':
      return {
        ...state,
        messages: state.messages.filter((m) => m.id !== action.userId && m.id !== action.assistantId),
        phase: 'idle',
      };
    case 'streamOpened':
      return {
        ...state,
        sessionId: action.sessionId,
        messages: state.messages.map((m) => (m.session_id ? m : { ...m, session_id: action.sessionId })),
        phase: 'streaming',
      };
    case 'resumeStarted':
      return {
        ...state,
        messages: update(state.messages, action.assistantId, (m) => ({ ...m, isStreaming: true })),
        phase: 'streaming',
      };
    case 'pieceReceived':
      return {
        ...state,
        messages: update(state.messages, action.assistantId, (m) => ({
          ...m,
          content: m.content + action.content,
        })),
      };
    case 'streamFinished':
      return { ...state, phase: 'idle' };
    case 'streamingCleared':
      return {
        ...state,
        messages: update(state.messages, action.assistantId, (m) => ({ ...m, isStreaming: false })),
      };
    case 'streamStopped': {
      // What was written is kept (the server keeps it too); an empty placeholder has nothing to show.
      const stopped = state.messages.find((m) => m.id === action.assistantId);
      const messages =
        stopped && stopped.content === ''
          ? state.messages.filter((m) => m.id !== action.assistantId)
          : update(state.messages, action.assistantId, (m) => ({ ...m, isStreaming: false, stopped: true }));
      return { ...state, messages, phase: 'idle' };
    }
    case 'streamFailed': {
      const userId = userBefore(state.messages, action.assistantId);
      const messages = state.messages.map((m) => {
        if (m.id === action.assistantId)
          return { ...m, isStreaming: false, failed: true, error: action.error };
        if (m.id === userId) return { ...m, failed: true };
        return m;
      });
      return { ...state, messages, phase: 'idle' };
    }
  }
}

/** What is drawn: everything but hidden messages. */
export function visibleMessages(messages: ChatMessage[]): ChatMessage[] {
  return messages.filter((m) => !m.hidden);
}

/**
 * What may be revised (ADR 0058): the person's last visible message (edit) and the reply after it
 * (regenerate), only while nothing is being sent or written, and not a failed exchange's reply.
 */
export function revisable(state: ConversationState): { lastUser?: string; lastReply?: string } {
  if (state.phase !== 'idle' || !state.sessionId) return {};
  const shown = visibleMessages(state.messages);
  const last = shown.at(-1);
  const lastUser = shown.findLast((m) => m.role === 'user');
  const lastReply = last?.role === 'assistant' && !last.failed ? last.id : undefined;
  return { lastUser: lastUser?.id, lastReply: lastReply && lastUser ? lastReply : undefined };
}

/**
 * docs/product.md#sending-a-chat-message: starting a chat with an intro message is ignored while one is being processed, or while
 * a load or a stream is in progress.
 */
export function canStartIntro(state: ConversationState, introInProgress: boolean): boolean {
  return !introInProgress && state.phase === 'idle';
}

/** docs/product.md#chat-messages: text trimmed; nothing to send when both the text and the files are empty. */
export function messageToSend(text: string, fileCount: number, filesAttachedLabel: string): string | null {
  const trimmed = text.trim();
  if (trimmed !== '') return trimmed;
  return fileCount > 0 ? filesAttachedLabel : null;
}
