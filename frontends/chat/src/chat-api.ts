import { api } from '@innerview/api-client';
import type { ChatMessageVersion, ChatSession, ChatTranscriptEntry } from '@innerview/contracts/chat';
import type { ChatSearchResult } from '@innerview/contracts/chat-search';

/**
 * docs/product.md#chat-records "Chat session" and one transcript entry, as the chat service's contract defines them
 * (types only: nothing of zod reaches the bundle through these). A session added locally before the
 * list reloads has no owner or deleted flag yet, and the client reads neither.
 */
export type ChatSessionSummary = Omit<ChatSession, 'user_id' | 'deleted'>;
export type TranscriptEntry = ChatTranscriptEntry;

/**
 * Messages read per transcript page: a session opens at its newest 50 (several screens), older ones
 * come 50 at a time as the person scrolls up. Reading and decrypting all 1,000 of a long session
 * before showing any was most of its opening time (docs/benchmarks.md, "Chat in the browser").
 */
export const TRANSCRIPT_PAGE_SIZE = 50;

/** Whether a page holds the first message: fewer stored messages came back than were asked for. */
export const holdsFirstMessage = (page: TranscriptEntry[]) =>
  page.filter((e) => !e.streaming).length < TRANSCRIPT_PAGE_SIZE;

const transcriptUrl = (id: string) => `/chat-sessions/${encodeURIComponent(id)}/transcript`;

/**
 * The chat remote's calls on the shell's one RTK Query api (shared cache, token and error mapping).
 * The streamed send is not here: it reads server-sent events with fetch (see the conversation code).
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    listChatSessions: build.query<ChatSessionSummary[], void>({
      query: () => '/chat-sessions/',
      providesTags: ['ChatSessions'],
    }),
    renameChatSession: build.mutation<ChatSessionSummary, { id: string; title: string }>({
      query: ({ id, title }) => ({
        url: `/chat-sessions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { title },
      }),
      invalidatesTags: ['ChatSessions'],
    }),
    removeChatSession: build.mutation<ChatSessionSummary, string>({
      query: (id) => ({ url: `/chat-sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ChatSessions'],
    }),
    /**
     * A session's transcript, newest first: page one is its newest messages, each next page the
     * messages just before the oldest one read (`before`, a message id), until a page holds the
     * first message. Hidden messages just before a page's first message come with it.
     */
    getTranscriptPages: build.infiniteQuery<TranscriptEntry[], string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (oldest) => (holdsFirstMessage(oldest) ? undefined : oldest[0]?.id),
        // A refetch (an opening, a refresh) starts over at the newest page: what was scrolled to
        // before is read again only when the person scrolls up again.
        refetchCachedPages: false,
      },
      query: ({ queryArg: id, pageParam: before }) => ({
        url: transcriptUrl(id),
        params: before === null ? { limit: TRANSCRIPT_PAGE_SIZE } : { limit: TRANSCRIPT_PAGE_SIZE, before },
      }),
      providesTags: (_result, _error, id) => [{ type: 'Transcript', id }],
      // Read into the conversation's own state; the cache lives only while the session is open.
      keepUnusedDataFor: 0,
    }),
    /** The session's last `limit` messages (the server id of a message sent here). */
    getLastMessages: build.query<TranscriptEntry[], { id: string; limit: number }>({
      query: ({ id, limit }) => ({ url: transcriptUrl(id), params: { limit } }),
      keepUnusedDataFor: 0,
    }),
    /** Which coach answers; the conversation labels the built-in offline coach. */
    getCoach: build.query<{ coach: 'offline' | 'model' }, void>({
      query: () => '/chat/coach',
    }),
    /**
     * A new chat the coach opens (docs/product.md#goals): with a goal's check-in due, a session whose
     * first message is the coach's question (asked once); null when nothing is due.
     */
    openChat: build.mutation<
      { session_id: string; opening: 'checkin' | 'introduction'; goal_id?: string } | null,
      void
    >({
      query: () => ({ url: '/chat-sessions/opening', method: 'POST' }),
      invalidatesTags: (result) => (result ? ['ChatSessions'] : []),
    }),
    /** `GET /chat-sessions/search?q=`: the person's messages holding every word (ADR 0058). */
    searchChats: build.query<{ results: ChatSearchResult[] }, string>({
      query: (q) => ({ url: '/chat-sessions/search', params: { q } }),
      keepUnusedDataFor: 30,
    }),
    /** Every version of an edited message or a regenerated reply, oldest first. */
    getMessageVersions: build.query<
      { versions: ChatMessageVersion[] },
      { sessionId: string; messageId: string }
    >({
      query: ({ sessionId, messageId }) =>
        `/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/versions`,
      keepUnusedDataFor: 0,
    }),
    /** Stops the reply being written in a session (what was written is kept). */
    stopReply: build.mutation<{ stopped: boolean }, string>({
      query: (sessionId) => ({ url: '/chat/stop', method: 'POST', body: { session_id: sessionId } }),
    }),
  }),
});

export const {
  useListChatSessionsQuery,
  useRenameChatSessionMutation,
  useRemoveChatSessionMutation,
  useGetCoachQuery,
  useStopReplyMutation,
  useOpenChatMutation,
  useSearchChatsQuery,
} = chatApi;
