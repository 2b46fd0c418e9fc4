import { type ApiError, noteMessageSent, readToken, useAppDispatch } from '@innerview/api-client';
import { isHiddenChatMessage, NEW_CHAT_TITLE } from '@innerview/contracts/chat';
import { useToast } from '@innerview/ui';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  attachmentsOfTranscript,
  type SentAttachment,
  type UseAttachments,
  useFilesAttachedLabel,
} from '../attachments/index.ts';
import { chatApi, type TranscriptEntry } from '../chat-api.ts';
import {
  type ChatMessage,
  type ConversationState,
  canStartIntro,
  conversationReducer,
  initialConversation,
  messageToSend,
  visibleMessages,
} from './conversation-state.ts';
import { describeFailure } from './reply-failure.ts';
import {
  postEditStream,
  postMessageStream,
  postRegenerateStream,
  resumeReplyStream,
} from './stream/chat-calls.ts';
import { followReply, type ReplyEnd } from './stream/follow-reply.ts';
import type { ReplyPiece } from './stream/read-reply-events.ts';
import { SeenEvents } from './stream/seen-events.ts';

/** docs/product.md#timing: the streaming flag is cleared 3 s after the end of a reply. */
export const STREAMING_FLAG_CLEAR_MS = 3000;

/**
 * Messages read per transcript page: a session opens at its newest 50 (several screens), older ones
 * come 50 at a time as the person scrolls up. Reading and decrypting all 1,000 of a long session
 * before showing any was most of its opening time (docs/benchmarks.md, "Chat in the browser").
 */
export const TRANSCRIPT_PAGE_SIZE = 50;

/** Whether a page holds the first message: fewer stored messages came back than were asked for. */
const isFirstPage = (entries: TranscriptEntry[]) =>
  entries.filter((e) => !e.streaming).length < TRANSCRIPT_PAGE_SIZE;

type Run = { controller: AbortController; assistantId: string; sessionId: string | null };

let localIds = 0;
function newMessage(role: ChatMessage['role'], content: string, sessionId: string | null): ChatMessage {
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

export type SendResult = 'sent' | 'ignored' | 'aborted';

export type Conversation = {
  state: ConversationState;
  loadError: ApiError | null;
  /** Polite announcement for screen readers: a reply finished, failed or was stopped. */
  announcement: string;
  busy: boolean;
  /** Files shown on each user message (from the transcript, and those just sent). */
  attachmentsByMessage: Map<string, SentAttachment[]>;
  send(text: string): Promise<SendResult>;
  retry(userMessageId: string): void;
  stop(): void;
  /** docs/product.md#sending-a-chat-message: ignored while an intro is processed or a load or stream runs. Returns whether it started. */
  startWithIntro(message: string): boolean;
  reload(): void;
  /** Reads the page before the oldest message on screen (scrolled to the top, or a retry). */
  loadOlder(): void;
  /** Gives the person's last message a new text and follows its new reply (ADR 0058). */
  edit(text: string): Promise<void>;
  /** Follows a new reply to the person's last message (ADR 0058). */
  regenerate(): Promise<void>;
};

/**
 * The conversation of one session (or a new one): its transcript, the sending sequence of docs/product.md#sending-a-chat-message,
 * the stream with its resume, stop and retry. `sessionId` comes from the route; a session created
 * by the first message is put in the route here (without reloading what is on screen).
 */
export function useConversation(routeSessionId: string | null, attachments: UseAttachments): Conversation {
  const { t, i18n } = useTranslation('chat');
  const { toast } = useToast();
  const dispatchApi = useAppDispatch();
  const navigate = useNavigate();
  const filesAttachedLabel = useFilesAttachedLabel();
  const [state, dispatch] = useReducer(conversationReducer, routeSessionId, (id) => initialConversation(id));
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sentFiles, setSentFiles] = useState<Map<string, SentAttachment[]>>(() => new Map());

  // Read by callbacks that outlive a render (stream handlers, timers).
  const stateRef = useRef(state);
  stateRef.current = state;
  const sessionRef = useRef<string | null>(routeSessionId);
  // The session whose messages are on screen (loaded, or created by the first message here).
  const shownRef = useRef<string | null>(null);
  const runRef = useRef<Run | null>(null);
  const introRef = useRef(false);
  const seen = useRef(new SeenEvents()).current;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>()).current;
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      runRef.current?.controller.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, [timers]);

  const reloadSessions = useCallback(() => {
    dispatchApi(chatApi.util.invalidateTags(['ChatSessions']));
  }, [dispatchApi]);

  /** docs/product.md#sending-a-chat-message: a new session shows in the list at once, titled 'new chat' until the list reloads. */
  const addSessionLocally = useCallback(
    (id: string) => {
      const now = new Date().toISOString();
      dispatchApi(
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
    },
    [dispatchApi],
  );

  const finish = useCallback(
    (end: ReplyEnd, run: Run, sessionId: string | null) => {
      if (runRef.current === run) runRef.current = null;
      if (!mounted.current || sessionRef.current !== sessionId) return;
      const { assistantId } = run;
      switch (end.kind) {
        case 'done': {
          dispatch({ type: 'streamFinished', assistantId });
          const timer = setTimeout(() => {
            timers.delete(timer);
            dispatch({ type: 'streamingCleared', assistantId });
          }, STREAMING_FLAG_CLEAR_MS);
          timers.add(timer);
          reloadSessions();
          attachments.clear();
          setAnnouncement(t('announce.replyFinished'));
          return;
        }
        case 'stopped':
          dispatch({ type: 'streamStopped', assistantId });
          reloadSessions();
          setAnnouncement(t('announce.replyStopped'));
          return;
        case 'failed':
          dispatch({ type: 'streamFailed', assistantId, error: describeFailure(end.error) });
          setAnnouncement(t('announce.replyFailed'));
          return;
        case 'gone':
          // Finished while nobody was reading: the transcript holds the whole reply.
          if (sessionId) void loadRef.current(sessionId);
          return;
      }
    },
    [attachments, reloadSessions, t, timers],
  );

  /** Follows a reply: a message sent now, or one already being written (resume). */
  const follow = useCallback(
    async (input: {
      assistantId: string;
      sessionId: string | null;
      open: (signal: AbortSignal) => Promise<Response>;
      resuming: boolean;
    }) => {
      const run: Run = {
        controller: new AbortController(),
        assistantId: input.assistantId,
        sessionId: input.sessionId,
      };
      runRef.current = run;
      setAnnouncement('');
      let opened = false;
      const onPiece = (piece: ReplyPiece) => {
        if (!mounted.current) return;
        if (!opened) {
          opened = true;
          run.sessionId = piece.sessionId;
          const isNew = sessionRef.current !== piece.sessionId;
          sessionRef.current = piece.sessionId;
          shownRef.current = piece.sessionId;
          dispatch({ type: 'streamOpened', sessionId: piece.sessionId });
          if (isNew) {
            addSessionLocally(piece.sessionId);
            void navigate(`/chat/${encodeURIComponent(piece.sessionId)}`, { replace: true });
          }
        }
        if (piece.content)
          dispatch({ type: 'pieceReceived', assistantId: input.assistantId, content: piece.content });
      };
      const end = await followReply({
        replyKey: input.assistantId,
        seen,
        sessionId: input.sessionId,
        resuming: input.resuming,
        signal: run.controller.signal,
        open: () => input.open(run.controller.signal),
        resume: (id, after) => resumeReplyStream(id, after, run.controller.signal),
        onPiece,
      });
      finish(end, run, run.sessionId ?? input.sessionId);
    },
    [addSessionLocally, finish, navigate, seen],
  );

  const load = useCallback(
    async (id: string) => {
      runRef.current?.controller.abort();
      setLoadError(null);
      shownRef.current = id;
      dispatch({ type: 'loadStarted', sessionId: id });
      const result = await dispatchApi(
        chatApi.endpoints.getTranscript.initiate(
          { id, limit: TRANSCRIPT_PAGE_SIZE },
          { forceRefetch: true, subscribe: false },
        ),
      );
      if (!mounted.current || sessionRef.current !== id) return;
      if (result.error || !result.data) {
        setLoadError((result.error as ApiError | undefined) ?? { code: 'SERVER_ERROR', message: '' });
        dispatch({ type: 'loadFailed' });
        return;
      }
      const entries = result.data;
      dispatch({ type: 'loaded', sessionId: id, entries, complete: isFirstPage(entries) });
      // Reload in the middle of a reply: follow it from its last piece to the end.
      const last = entries.at(-1);
      if (last?.role === 'assistant' && last.streaming) {
        const after = last.last_event_id ?? 0;
        seen.startAt(last.id, after);
        dispatch({ type: 'resumeStarted', assistantId: last.id });
        await follow({
          assistantId: last.id,
          sessionId: id,
          resuming: true,
          open: (signal) => resumeReplyStream(id, after, signal),
        });
      }
    },
    [dispatchApi, follow, seen],
  );
  const loadRef = useRef(load);
  loadRef.current = load;

  const loadOlder = useCallback(async () => {
    const { sessionId, older, phase, messages, generation } = stateRef.current;
    if (!sessionId || phase === 'loading' || (older !== 'available' && older !== 'failed')) return;
    // The oldest message read from the server (messages sent here are only ever added at the end).
    const before = messages[0]?.id;
    if (!before) return;
    dispatch({ type: 'olderStarted', sessionId });
    // Marked at once: a second scroll to the top before the render asks for nothing more.
    stateRef.current = { ...stateRef.current, older: 'loading' };
    const result = await dispatchApi(
      chatApi.endpoints.getTranscript.initiate(
        { id: sessionId, limit: TRANSCRIPT_PAGE_SIZE, before },
        { forceRefetch: true, subscribe: false },
      ),
    );
    // Another session, or the same one loaded again meanwhile: this page belongs to neither.
    if (!mounted.current || stateRef.current.generation !== generation) return;
    if (result.error || !result.data) {
      dispatch({ type: 'olderFailed', sessionId });
      return;
    }
    dispatch({ type: 'olderLoaded', sessionId, entries: result.data, complete: isFirstPage(result.data) });
  }, [dispatchApi]);

  // The route decides the session; a session this conversation just created is already on screen.
  useEffect(() => {
    if (routeSessionId !== null && shownRef.current === routeSessionId) return;
    runRef.current?.controller.abort();
    sessionRef.current = routeSessionId;
    shownRef.current = null;
    setLoadError(null);
    if (routeSessionId === null) dispatch({ type: 'reset', sessionId: null });
    else void loadRef.current(routeSessionId);
  }, [routeSessionId]);

  const language = i18n.resolvedLanguage ?? i18n.language;

  const requireToken = useCallback((): boolean => {
    if (readToken()) return true;
    toast({ title: t('errors.authTitle'), description: t('errors.loginToSend'), variant: 'destructive' });
    return false;
  }, [t, toast]);

  const send = useCallback(
    async (text: string): Promise<SendResult> => {
      const message = messageToSend(text, attachments.attachments.length, filesAttachedLabel);
      if (message === null || stateRef.current.phase !== 'idle') return 'ignored';
      if (!requireToken()) return 'ignored';
      const sessionId = sessionRef.current;
      const user = newMessage('user', message, sessionId);
      const assistant = newMessage('assistant', '', sessionId);
      dispatch({ type: 'sendStarted', user, assistant });
      let fileIds: string[] = [];
      let target = sessionId;
      try {
        // docs/product.md#sending-a-chat-message step 2: uploads first (the hook pauses 500 ms after them); an error aborts the send.
        const uploaded = await attachments.uploadAll(sessionId);
        fileIds = uploaded.fileIds;
        target = uploaded.sessionId ?? sessionId;
        if (uploaded.sent.length > 0) setSentFiles((files) => new Map(files).set(user.id, uploaded.sent));
      } catch {
        if (mounted.current) dispatch({ type: 'sendAborted', userId: user.id, assistantId: assistant.id });
        return 'aborted';
      }
      // How many times the person has chatted here (the shell's install offer waits for a few).
      noteMessageSent();
      if (!mounted.current || sessionRef.current !== sessionId) return 'sent';
      await follow({
        assistantId: assistant.id,
        sessionId: target,
        resuming: false,
        open: (signal) => postMessageStream({ message, sessionId: target, fileIds, language }, signal),
      });
      return 'sent';
    },
    [attachments, filesAttachedLabel, follow, language, requireToken],
  );

  const retry = useCallback(
    (userMessageId: string) => {
      const user = stateRef.current.messages.find((m) => m.id === userMessageId && m.role === 'user');
      if (!user || stateRef.current.phase !== 'idle' || !requireToken()) return;
      const sessionId = sessionRef.current;
      const assistant = newMessage('assistant', '', sessionId);
      dispatch({ type: 'retryStarted', userId: user.id, assistant });
      void follow({
        assistantId: assistant.id,
        sessionId,
        resuming: false,
        open: (signal) =>
          postMessageStream({ message: user.content, sessionId, fileIds: [], language }, signal),
      });
    },
    [follow, language, requireToken],
  );

  /** The newest page read again without a spinner: what the server kept, with the versions. */
  const refresh = useCallback(
    async (id: string) => {
      const result = await dispatchApi(
        chatApi.endpoints.getTranscript.initiate(
          { id, limit: TRANSCRIPT_PAGE_SIZE },
          { forceRefetch: true, subscribe: false },
        ),
      );
      const current = stateRef.current;
      if (!mounted.current || !result.data || current.sessionId !== id || current.phase !== 'idle') return;
      dispatch({ type: 'loaded', sessionId: id, entries: result.data, complete: isFirstPage(result.data) });
    },
    [dispatchApi],
  );

  /** The server's id of the last visible message of a role (a message sent here has a local id). */
  const serverIdOf = useCallback(
    async (message: ChatMessage, sessionId: string): Promise<string | undefined> => {
      if (!message.id.startsWith('local-')) return message.id;
      const result = await dispatchApi(
        chatApi.endpoints.getTranscript.initiate(
          { id: sessionId, limit: 4 },
          { forceRefetch: true, subscribe: false },
        ),
      );
      return result.data?.filter((e) => !e.hidden && e.role === message.role).at(-1)?.id;
    },
    [dispatchApi],
  );

  const revise = useCallback(
    async (text: string | null) => {
      const current = stateRef.current;
      const sessionId = current.sessionId;
      if (!sessionId || current.phase !== 'idle' || !requireToken()) return;
      const shown = visibleMessages(current.messages);
      const lastUser = shown.findLast((m) => m.role === 'user');
      const from = text === null ? shown.at(-1) : lastUser;
      if (!lastUser || !from || (text === null && from.role !== 'assistant')) return;
      const message = text?.trim() ?? '';
      if (text !== null && message === '') return;
      const messageId = text === null ? undefined : await serverIdOf(lastUser, sessionId);
      if (!mounted.current || stateRef.current.phase !== 'idle' || (text !== null && !messageId)) return;
      const assistant = newMessage('assistant', '', sessionId);
      dispatch({
        type: 'revisionStarted',
        from: from.id,
        user: text === null ? null : newMessage('user', message, sessionId),
        assistant,
      });
      await follow({
        assistantId: assistant.id,
        sessionId,
        resuming: false,
        open: (signal) =>
          text === null
            ? postRegenerateStream({ sessionId, language }, signal)
            : postEditStream({ sessionId, messageId: messageId!, message, language }, signal),
      });
      if (mounted.current && sessionRef.current === sessionId) await refresh(sessionId);
    },
    [follow, language, refresh, requireToken, serverIdOf],
  );

  const [stopReply] = chatApi.useStopReplyMutation();
  const stop = useCallback(() => {
    const run = runRef.current;
    if (!run) return;
    run.controller.abort();
    // The server keeps writing for a reconnect unless told: stop it there too (kept as far as it got).
    if (run.sessionId) void stopReply(run.sessionId);
  }, [stopReply]);

  const startWithIntro = useCallback(
    (message: string): boolean => {
      if (!canStartIntro(stateRef.current, introRef.current)) return false;
      introRef.current = true;
      void send(message).finally(() => {
        introRef.current = false;
      });
      return true;
    },
    [send],
  );

  const reload = useCallback(() => {
    if (sessionRef.current) void loadRef.current(sessionRef.current);
  }, []);

  const attachmentsByMessage = useMemo(() => {
    const shown = attachmentsOfTranscript(state.messages);
    for (const [id, files] of sentFiles) if (!shown.has(id)) shown.set(id, files);
    return shown;
  }, [state.messages, sentFiles]);

  return useMemo(
    () => ({
      state,
      loadError,
      announcement,
      busy: state.phase !== 'idle',
      attachmentsByMessage,
      send,
      retry,
      stop,
      startWithIntro,
      reload,
      loadOlder: () => void loadOlder(),
      edit: (text: string) => revise(text),
      regenerate: () => revise(null),
    }),
    [
      state,
      loadError,
      announcement,
      attachmentsByMessage,
      send,
      retry,
      stop,
      startWithIntro,
      reload,
      loadOlder,
      revise,
    ],
  );
}
