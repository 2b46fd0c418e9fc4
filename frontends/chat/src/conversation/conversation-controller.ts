import { type AppDispatch, noteMessageSent, readToken } from '@innerview/api-client';
import { chatApi } from '../chat-api.ts';
import type { CallContext, SendContext, SendResult } from './call-context.ts';
import { canStartIntro, messageToSend, visibleMessages } from './conversation-state.ts';
import { localMessage } from './conversation-store.ts';
import { ReplyFollower } from './reply-follower.ts';
import { postEditStream, postMessageStream, postRegenerateStream } from './stream/chat-calls.ts';
import { TranscriptPages } from './transcript-pages.ts';

export type ConversationControllerOptions = {
  dispatch: AppDispatch;
  /** The session the page opens with (null: a new chat). */
  sessionId: string | null;
  hasToken?: () => boolean;
  /** How many times the person has chatted here (the shell's install offer waits for a few). */
  onMessageSent?: () => void;
  reconnectBackoffMs?: (attempt: number) => number;
};

/**
 * One conversation outside React: its transcript (paged through the RTK Query cache), the sending
 * sequence of docs/product.md#sending-a-chat-message, and the reply stream with its resume, stop
 * and retry. The page reads it with useSyncExternalStore and calls these methods.
 */
export class ConversationController extends ReplyFollower {
  private readonly transcript: TranscriptPages;
  private readonly hasToken: () => boolean;
  private readonly onMessageSent: () => void;
  private introInProgress = false;

  constructor(options: ConversationControllerOptions) {
    super(options.dispatch, options.sessionId, options.reconnectBackoffMs);
    this.transcript = new TranscriptPages(options.dispatch);
    this.hasToken = options.hasToken ?? (() => readToken() !== null);
    this.onMessageSent = options.onMessageSent ?? noteMessageSent;
  }

  /** The page is on screen; the returned function ends everything running when it leaves. */
  attach(): () => void {
    this.active = true;
    this.transcript.hold();
    return () => {
      this.active = false;
      this.abortRun();
      this.clearTimers();
      this.transcript.release();
    };
  }

  /** The route's session; a session this conversation just created is already on screen. */
  show(sessionId: string | null): void {
    if (sessionId !== null && this.shown === sessionId) return;
    this.abortRun();
    this.session = sessionId;
    this.shown = null;
    this.update({ loadError: null });
    if (sessionId !== null) {
      void this.load(sessionId);
      return;
    }
    this.transcript.close();
    this.act({ type: 'reset', sessionId: null });
  }

  reload(): void {
    if (this.session) void this.load(this.session);
  }

  protected reloadTranscript(sessionId: string): void {
    void this.load(sessionId);
  }

  private async load(id: string): Promise<void> {
    this.abortRun();
    this.shown = id;
    this.update({ loadError: null });
    this.act({ type: 'loadStarted', sessionId: id });
    const page = await this.transcript.newest(id);
    if (!this.active || this.session !== id) return;
    if ('error' in page) {
      this.update({ loadError: page.error });
      this.act({ type: 'loadFailed' });
      return;
    }
    this.act({ type: 'loaded', sessionId: id, entries: page.entries, complete: page.complete });
    // Reload in the middle of a reply: follow it from its last piece to the end.
    const last = page.entries.at(-1);
    if (last?.role === 'assistant' && last.streaming) await this.resume(id, last.id, last.last_event_id ?? 0);
  }

  /** Reads the page before the oldest message on screen (scrolled to the top, or a retry). */
  async loadOlder(): Promise<void> {
    const { sessionId, older, phase, messages, generation } = this.state;
    if (!sessionId || phase === 'loading' || (older !== 'available' && older !== 'failed')) return;
    if (messages.length === 0) return;
    // Marked at once: a second scroll to the top asks for nothing more.
    this.act({ type: 'olderStarted', sessionId });
    const page = await this.transcript.older(sessionId);
    // Another session, or the same one loaded again meanwhile: this page belongs to neither.
    if (!this.active || this.state.generation !== generation) return;
    if ('error' in page) this.act({ type: 'olderFailed', sessionId });
    else this.act({ type: 'olderLoaded', sessionId, entries: page.entries, complete: page.complete });
  }

  async send(text: string, context: SendContext): Promise<SendResult> {
    const message = messageToSend(text, context.files.attachments.length, context.filesAttachedLabel);
    if (message === null || this.state.phase !== 'idle') return 'ignored';
    if (!this.signedIn(context)) return 'ignored';
    const sessionId = this.session;
    const user = localMessage('user', message, sessionId);
    const assistant = localMessage('assistant', '', sessionId);
    this.act({ type: 'sendStarted', user, assistant });
    let fileIds: string[] = [];
    let target = sessionId;
    try {
      // docs/product.md#sending-a-chat-message step 2: uploads first; an error aborts the send.
      const uploaded = await context.files.uploadAll(sessionId);
      fileIds = uploaded.fileIds;
      target = uploaded.sessionId ?? sessionId;
      if (uploaded.sent.length > 0)
        this.update({ sentFiles: new Map(this.getSnapshot().sentFiles).set(user.id, uploaded.sent) });
    } catch {
      if (this.active) this.act({ type: 'sendAborted', userId: user.id, assistantId: assistant.id });
      return 'aborted';
    }
    this.onMessageSent();
    if (!this.active || this.session !== sessionId) return 'sent';
    await this.follow({
      assistantId: assistant.id,
      sessionId: target,
      resuming: false,
      onSessionCreated: context.showSession,
      onDone: () => context.files.clear(),
      open: (signal) =>
        postMessageStream({ message, sessionId: target, fileIds, language: context.language }, signal),
    });
    return 'sent';
  }

  /** docs/product.md#sending-a-chat-message retry: the reply after it dropped, the failed flag cleared, the text resent. */
  retry(userMessageId: string, context: CallContext): Promise<void> {
    const user = this.state.messages.find((m) => m.id === userMessageId && m.role === 'user');
    if (!user || this.state.phase !== 'idle' || !this.signedIn(context)) return Promise.resolve();
    const sessionId = this.session;
    const assistant = localMessage('assistant', '', sessionId);
    this.act({ type: 'retryStarted', userId: user.id, assistant });
    return this.follow({
      assistantId: assistant.id,
      sessionId,
      resuming: false,
      onSessionCreated: context.showSession,
      open: (signal) =>
        postMessageStream(
          { message: user.content, sessionId, fileIds: [], language: context.language },
          signal,
        ),
    });
  }

  /** Gives the person's last message a new text (`text`) or its reply a new version (null), ADR 0058. */
  async revise(text: string | null, context: CallContext): Promise<void> {
    const { sessionId, phase, messages } = this.state;
    if (!sessionId || phase !== 'idle' || !this.signedIn(context)) return;
    const shown = visibleMessages(messages);
    const lastUser = shown.findLast((m) => m.role === 'user');
    const from = text === null ? shown.at(-1) : lastUser;
    if (!lastUser || !from || (text === null && from.role !== 'assistant')) return;
    const message = text?.trim() ?? '';
    if (text !== null && message === '') return;
    const messageId = text === null ? undefined : await this.serverIdOf(lastUser.id, sessionId);
    if (!this.active || this.state.phase !== 'idle' || (text !== null && !messageId)) return;
    const assistant = localMessage('assistant', '', sessionId);
    const user = text === null ? null : localMessage('user', message, sessionId);
    this.act({ type: 'revisionStarted', from: from.id, user, assistant });
    const { language } = context;
    await this.follow({
      assistantId: assistant.id,
      sessionId,
      resuming: false,
      open: (signal) =>
        messageId === undefined
          ? postRegenerateStream({ sessionId, language }, signal)
          : postEditStream({ sessionId, messageId, message, language }, signal),
    });
    if (this.active && this.session === sessionId) await this.refresh(sessionId);
  }

  stop(): void {
    const run = this.run;
    if (!run) return;
    this.abortRun();
    // The server keeps writing for a reconnect unless told: stop it there too (kept as far as it got).
    if (run.sessionId)
      void this.dispatch(chatApi.endpoints.stopReply.initiate(run.sessionId, { track: false }));
  }

  /** docs/product.md#sending-a-chat-message: ignored while an intro is processed or a load or stream runs. Returns whether it started. */
  startWithIntro(message: string, context: SendContext): boolean {
    if (!canStartIntro(this.state, this.introInProgress)) return false;
    this.introInProgress = true;
    void this.send(message, context).finally(() => {
      this.introInProgress = false;
    });
    return true;
  }

  /** The newest page read again without a spinner: what the server kept, with the versions. */
  private async refresh(id: string): Promise<void> {
    const page = await this.transcript.newest(id);
    const { sessionId, phase } = this.state;
    if (!this.active || 'error' in page || sessionId !== id || phase !== 'idle') return;
    this.act({ type: 'loaded', sessionId: id, entries: page.entries, complete: page.complete });
  }

  /** The server's id of a message on screen (one sent here has a local id until a reload). */
  private async serverIdOf(messageId: string, sessionId: string): Promise<string | undefined> {
    if (!messageId.startsWith('local-')) return messageId;
    return this.transcript.lastServerId(sessionId, 'user');
  }

  private signedIn(context: CallContext): boolean {
    if (this.hasToken()) return true;
    context.onSignedOut();
    return false;
  }
}
