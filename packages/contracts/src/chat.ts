import { z } from 'zod';

/**
 * The chat calls of docs/product.md#http-api and the message rules of docs/product.md#input-rules, shared by the chat service and the
 * chat remote so both recognise the same messages and read the same shapes.
 */

/**
 * docs/product.md#hidden-message-kinds: a message whose text starts with this fixed preamble carries the person's questionnaire
 * answers (the intro message a chat can start with). The coach reads it; the transcript the person
 * sees hides it.
 */
export const QUESTIONNAIRE_MESSAGE_PREAMBLE =
  'Here is some personal information about me from my questionnaire:';
/** docs/product.md#input-rules: a message whose text starts with this mark announces attached files. */
export const ATTACHMENT_MESSAGE_MARK = '📎';

export type ChatMessageKind = 'questionnaire' | 'attachment' | 'message';

/** What a message is, from its text alone (leading white space ignored). */
export function chatMessageKind(text: string): ChatMessageKind {
  const start = text.trimStart();
  if (start.startsWith(QUESTIONNAIRE_MESSAGE_PREAMBLE)) return 'questionnaire';
  if (start.startsWith(ATTACHMENT_MESSAGE_MARK)) return 'attachment';
  return 'message';
}

/** docs/product.md#chat-screen "Messages with hidden content (per a filter) are not shown". */
export function isHiddenChatMessage(text: string): boolean {
  return chatMessageKind(text) !== 'message';
}

/** Title of a session until its first exchange names it. */
/**
 * The chat service's internal check that a session is the signed-for person's: 204, else 404 (another
 * person's, deleted and unknown alike). The files service asks it before storing an upload into a
 * session (issue 18).
 */
export const CHAT_SESSION_CHECK_PATH = '/internal/chat-sessions/:id';
export const chatSessionCheckPath = (sessionId: string) =>
  CHAT_SESSION_CHECK_PATH.replace(':id', encodeURIComponent(sessionId));

export const NEW_CHAT_TITLE = 'new chat';
export const SESSION_TITLE_MAX = 100;
/** A message may carry the whole questionnaire (8 × 1900 characters) plus the preamble. */
export const CHAT_MESSAGE_MAX = 20_000;
export const CHAT_FILES_MAX = 10;

export const chatMessages = {
  messageRequired: 'Message is required and must be a string',
  messageTooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  fileIdsInvalid: 'file_ids must be a list of file ids',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SESSION_TITLE_MAX} characters`,
  replyInProgress: 'A reply is still being written in this chat. Stop it or wait for it to finish.',
  tooManyReplies: 'Too many replies are being written at once. Wait for one to finish.',
  noReplyInProgress: 'No reply is being written in this chat. Reload the conversation.',
  replyFailed: 'The coach could not answer just now. Please try again.',
  tooManyReaders: 'Too many open connections to replies. Close another tab or device and try again.',
} as const;

const messageText = z
  .string({ error: chatMessages.messageRequired })
  .max(CHAT_MESSAGE_MAX, { error: chatMessages.messageTooLong })
  .refine((text) => text.trim() !== '', { error: chatMessages.messageRequired });

/** `POST /chat/stream` and `POST /chat/`. `language` is optional: the client's interface language. */
export const ChatSendBody = z.object({
  message: messageText,
  session_id: z.string().uuid().nullable().optional(),
  file_ids: z
    .array(z.string().uuid({ error: chatMessages.fileIdsInvalid }), { error: chatMessages.fileIdsInvalid })
    .max(CHAT_FILES_MAX)
    .nullable()
    .optional(),
  language: z.string().max(35).nullable().optional(),
});
export type ChatSendBody = z.infer<typeof ChatSendBody>;

/**
 * One server-sent event of a reply: `data: {"session_id","role","content"}`; the stream ends with
 * `data: [DONE]`. Each event carries `id: <n>` (0 for the opening event, then 1, 2, …) so that a
 * client can resume after a cut connection (`Last-Event-ID`, or `GET /chat/stream/{id}/resume?after=n`).
 * A reply that fails after the stream started ends with `event: error` and a `ChatErrorEvent`,
 * without `[DONE]`.
 */
export const ChatStreamChunk = z.object({
  session_id: z.string(),
  role: z.literal('assistant'),
  content: z.string(),
});
export type ChatStreamChunk = z.infer<typeof ChatStreamChunk>;
export const CHAT_STREAM_DONE = '[DONE]';

export const ChatErrorEvent = z.object({ detail: z.string(), code: z.string() });
export type ChatErrorEvent = z.infer<typeof ChatErrorEvent>;

/** docs/product.md#chat-records "Chat session". `session_title` is 'new chat' until the first exchange names it. */
export const ChatSession = z
  .object({
    id: z.string(),
    user_id: z.string(),
    session_title: z.string(),
    total_tokens: z.number().int(),
    deleted: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChatSession' });
export type ChatSession = z.infer<typeof ChatSession>;

/**
 * One entry of `GET /chat-sessions/{id}/transcript` (docs/product.md#chat-records: role, content, timestamp).
 * Questionnaire and attachment messages are included with `hidden: true` (the client does not show
 * them). `failed` marks a user message whose reply failed (the client offers a retry). While a reply
 * is being written, the last entry is that reply so far with `streaming: true` and `last_event_id`:
 * resume with `GET /chat/stream/{id}/resume?after=<last_event_id>` to receive the rest.
 */
export const ChatTranscriptEntry = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    timestamp: z.string(),
    hidden: z.boolean(),
    failed: z.boolean().optional(),
    /** The person stopped this reply: it ends where it was stopped. */
    stopped: z.boolean().optional(),
    streaming: z.boolean().optional(),
    last_event_id: z.number().int().optional(),
    /** An edited message or a regenerated reply (ADR 0058): its place among its versions (1-based). */
    version: z.object({ index: z.number().int(), count: z.number().int() }).optional(),
  })
  .meta({ id: 'ChatTranscriptEntry' });
export type ChatTranscriptEntry = z.infer<typeof ChatTranscriptEntry>;

const VersionMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
  /** On the conversation's current branch (the newest version); the others are kept to be viewed. */
  current: z.boolean(),
  stopped: z.boolean().optional(),
});

/** `GET /chat-sessions/{id}/messages/{message_id}/versions`: one version, a person's with its reply. */
export const ChatMessageVersion = VersionMessage.extend({ reply: VersionMessage.nullable() }).meta({
  id: 'ChatMessageVersion',
});
export type ChatMessageVersion = z.infer<typeof ChatMessageVersion>;

/** `POST /chat-sessions/{id}/messages/{message_id}/edit`: the new text (sent as a message is). */
export const ChatEditBody = z.object({
  message: messageText,
  language: z.string().max(35).nullable().optional(),
});
export const ChatRegenerateBody = z.object({ language: z.string().max(35).nullable().optional() });

/** `POST /chat/`: the whole reply at once. */
export const ChatReply = z
  .object({
    session_id: z.string(),
    role: z.literal('assistant'),
    content: z.string(),
    session_title: z.string(),
    total_tokens: z.number().int(),
    /** How the reply ended: complete, stopped by the person, or a crisis answer with resources. */
    outcome: z.enum(['complete', 'stopped', 'safety']),
  })
  .meta({ id: 'ChatReply' });
export type ChatReply = z.infer<typeof ChatReply>;

/** `GET /chat/active-sessions`: sessions not closed, newest first; `streaming` while a reply is written. */
export const ActiveChatSession = z.object({
  session_id: z.string(),
  session_title: z.string(),
  updated_at: z.string(),
  streaming: z.boolean(),
});
export type ActiveChatSession = z.infer<typeof ActiveChatSession>;
