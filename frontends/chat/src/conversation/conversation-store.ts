import type { ApiError } from '@innerview/api-client';
import { isHiddenChatMessage } from '@innerview/contracts/chat';
import type { SentAttachment } from '../attachments/index.ts';
import {
  type ChatMessage,
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  initialConversation,
} from './conversation-state.ts';

/** What screen readers are told politely: a reply finished, was stopped, or failed (a `chat` key). */
export type Announcement = 'announce.replyFinished' | 'announce.replyStopped' | 'announce.replyFailed';

/** Everything the conversation shows, replaced as a whole on each change (for useSyncExternalStore). */
export type ConversationSnapshot = {
  state: ConversationState;
  loadError: ApiError | null;
  announcement: Announcement | null;
  /** Files sent with a message here, by its local id (the transcript has them after a reload). */
  sentFiles: ReadonlyMap<string, SentAttachment[]>;
};

/** The snapshot of one conversation and who listens to it; the controller is the only writer. */
export class ConversationStore {
  private snapshot: ConversationSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(sessionId: string | null) {
    this.snapshot = {
      state: initialConversation(sessionId),
      loadError: null,
      announcement: null,
      sentFiles: new Map(),
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ConversationSnapshot => this.snapshot;

  protected get state(): ConversationState {
    return this.snapshot.state;
  }

  protected update(change: Partial<ConversationSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  protected act(action: ConversationAction): void {
    this.update({ state: conversationReducer(this.snapshot.state, action) });
  }
}

let localIds = 0;

/** A message made here before the server has it: a local id, the assistant's one streaming. */
export function localMessage(
  role: ChatMessage['role'],
  content: string,
  sessionId: string | null,
): ChatMessage {
  localIds += 1;
  return {
    id: `local-${Date.now().toString(36)}-${localIds}`,
    role,
    content,
    timestamp: new Date().toISOString(),
    session_id: sessionId,
    isStreaming: role === 'assistant',
    failed: false,
    hidden: role === 'user' && isHiddenChatMessage(content),
  };
}
