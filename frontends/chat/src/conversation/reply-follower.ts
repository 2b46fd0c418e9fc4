import type { AppDispatch } from '@innerview/api-client';
import { NEW_CHAT_TITLE } from '@innerview/contracts/chat';
import { chatApi } from '../chat-api.ts';
import { ConversationStore } from './conversation-store.ts';
import { describeFailure } from './reply-failure.ts';
import { resumeReplyStream } from './stream/chat-calls.ts';
import { followReply, type ReplyEnd } from './stream/follow-reply.ts';
import { SeenEvents } from './stream/seen-events.ts';

/** docs/product.md#timing: the streaming flag is cleared 3 s after the end of a reply. */
const STREAMING_FLAG_CLEAR_MS = 3000;

/** The reply being followed; aborting it ends the stream (a stop, another session, unmount). */
type Run = { abort: AbortController; assistantId: string; sessionId: string | null };

export type FollowInput = {
  assistantId: string;
  /** Known for a send into a session or a resume; a new chat's comes with the first piece. */
  sessionId: string | null;
  /** The stream is a resume of a reply already being written (a 404 then means it finished). */
  resuming: boolean;
  open: (signal: AbortSignal) => Promise<Response>;
  /** The first message created a session: the page puts it in the route. */
  onSessionCreated?: (sessionId: string) => void;
  /** The reply ended well (a send's files are cleared then). */
  onDone?: () => void;
};

/**
 * The streaming half of a conversation: follows one reply at a time through its stream, with
 * resume after a cut (`followReply`) and de-duplication of replayed pieces (`seen`), and turns its
 * pieces and its end into conversation actions. `session` is the session on screen: a reply that
 * ends after the person moved to another one changes nothing.
 */
export abstract class ReplyFollower extends ConversationStore {
  protected session: string | null;
  /** The session whose messages are on screen (loaded, or created by the first message here). */
  protected shown: string | null = null;
  protected run: Run | null = null;
  /** False once the page is gone: late answers and pieces change nothing. */
  protected active = true;
  private readonly seen = new SeenEvents();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  protected readonly dispatch: AppDispatch;
  private readonly reconnectBackoffMs: ((attempt: number) => number) | undefined;

  constructor(
    dispatch: AppDispatch,
    sessionId: string | null,
    reconnectBackoffMs?: (attempt: number) => number,
  ) {
    super(sessionId);
    this.dispatch = dispatch;
    this.session = sessionId;
    this.reconnectBackoffMs = reconnectBackoffMs;
  }

  /** A reply already being written (found at the end of the transcript) is followed from `after`. */
  protected resume(sessionId: string, assistantId: string, after: number): Promise<void> {
    this.seen.startAt(assistantId, after);
    this.act({ type: 'resumeStarted', assistantId });
    return this.follow({
      assistantId,
      sessionId,
      resuming: true,
      open: (signal) => resumeReplyStream(sessionId, after, signal),
    });
  }

  protected async follow(input: FollowInput): Promise<void> {
    const run: Run = {
      abort: new AbortController(),
      assistantId: input.assistantId,
      sessionId: input.sessionId,
    };
    this.run = run;
    this.update({ announcement: null });
    let opened = false;
    const end = await followReply({
      replyKey: input.assistantId,
      seen: this.seen,
      sessionId: input.sessionId,
      resuming: input.resuming,
      signal: run.abort.signal,
      open: () => input.open(run.abort.signal),
      resume: (id, after) => resumeReplyStream(id, after, run.abort.signal),
      onPiece: (piece) => {
        if (!this.active || this.run !== run) return;
        if (!opened) {
          opened = true;
          this.streamOpened(run, piece.sessionId, input.onSessionCreated);
        }
        if (piece.content)
          this.act({ type: 'pieceReceived', assistantId: run.assistantId, content: piece.content });
      },
      ...(this.reconnectBackoffMs ? { backoffMs: this.reconnectBackoffMs } : {}),
    });
    this.finish(end, run, input.onDone);
  }

  private streamOpened(run: Run, sessionId: string, onSessionCreated?: (id: string) => void): void {
    run.sessionId = sessionId;
    const isNew = this.session !== sessionId;
    this.session = sessionId;
    this.shown = sessionId;
    this.act({ type: 'streamOpened', sessionId });
    if (!isNew) return;
    this.addSessionLocally(sessionId);
    onSessionCreated?.(sessionId);
  }

  private finish(end: ReplyEnd, run: Run, onDone?: () => void): void {
    if (this.run === run) this.run = null;
    if (!this.active || this.session !== run.sessionId) return;
    const { assistantId } = run;
    switch (end.kind) {
      case 'done': {
        this.act({ type: 'streamFinished', assistantId });
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.act({ type: 'streamingCleared', assistantId });
        }, STREAMING_FLAG_CLEAR_MS);
        this.timers.add(timer);
        this.reloadSessions();
        onDone?.();
        this.update({ announcement: 'announce.replyFinished' });
        return;
      }
      case 'stopped':
        this.act({ type: 'streamStopped', assistantId });
        this.reloadSessions();
        this.update({ announcement: 'announce.replyStopped' });
        return;
      case 'failed':
        this.act({ type: 'streamFailed', assistantId, error: describeFailure(end.error) });
        this.update({ announcement: 'announce.replyFailed' });
        return;
      case 'gone':
        // Finished while nobody was reading: the transcript holds the whole reply.
        if (run.sessionId) this.reloadTranscript(run.sessionId);
        return;
    }
  }

  /** Reads the session again from its newest page (the controller's load). */
  protected abstract reloadTranscript(sessionId: string): void;

  /** Ends the reply being followed here (the server keeps writing it unless told to stop). */
  protected abortRun(): void {
    this.run?.abort.abort();
  }

  protected clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private reloadSessions(): void {
    this.dispatch(chatApi.util.invalidateTags(['ChatSessions']));
  }

  /** docs/product.md#sending-a-chat-message: a new session shows in the list at once, titled 'new chat' until the list reloads. */
  private addSessionLocally(id: string): void {
    const now = new Date().toISOString();
    this.dispatch(
      chatApi.util.updateQueryData('listChatSessions', undefined, (sessions) => {
        if (sessions.some((s) => s.id === id)) return;
        sessions.unshift({
          id,
          session_title: NEW_CHAT_TITLE,
          total_tokens: 0,
          created_at: now,
          updated_at: now,
        });
      }),
    );
  }
}
