import type { ChatMessageVersion } from '@innerview/contracts/chat';
import { chatMessages as texts } from '@innerview/contracts/chat';
import { HttpError } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import {
  findSessionMessage,
  listRepliesTo,
  listSessionMessages,
  listVersions,
  type MessageRow,
} from '../db/messages.ts';
import type { SessionRow } from '../db/sessions.ts';
import { type StartedReply, startReply } from './send.ts';
import { ownSession } from './sessions.ts';
import { refuseIfWrittenElsewhere } from './stored-reply.ts';
import { decryptMessage } from './stored-text.ts';

/** Messages edit and regenerate refuse with (409, in the error shape). */
export const reviseTexts = {
  notLast: 'Only your last message can be edited.',
  nothingToRegenerate: 'Only the last reply can be regenerated, and this chat has none to regenerate.',
} as const;

/** The current tail of the conversation: the person's last visible message and what followed it. */
async function lastExchange(chat: ChatContext, session: SessionRow) {
  // A reply being written (here or by another replica) is never revised under it.
  if (chat.streams.info(session.id)?.ended === null)
    throw new HttpError(409, texts.replyInProgress, 'REPLY_IN_PROGRESS');
  await refuseIfWrittenElsewhere(chat, session.id);
  const rows = (await listSessionMessages(chat.service.db, session.id, { newest: 12 })).filter(
    (row) => !row.hidden,
  );
  const at = rows.findLastIndex((row) => row.role === 'user');
  return { message: at >= 0 ? rows[at] : undefined, replies: at >= 0 ? rows.slice(at + 1) : [] };
}

export interface ReviseInput {
  userId: string;
  sessionId: string;
  acceptLanguage: string | undefined;
  language?: string | null;
}

/**
 * `POST /chat-sessions/{id}/messages/{message_id}/edit`: the person's last message gets a new text
 * and a new reply, sent as a message is (access, quota, crisis assessment of the new text); the
 * earlier text and its reply are kept as a version (ADR 0058).
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message of the session (any version), or a 404 (a malformed id too). */
async function sessionMessage(chat: ChatContext, sessionId: string, messageId: string): Promise<MessageRow> {
  const row = uuidPattern.test(messageId)
    ? await findSessionMessage(chat.service.db, sessionId, messageId)
    : undefined;
  if (!row || row.hidden) throw new HttpError(404);
  return row;
}

export async function startEdit(
  chat: ChatContext,
  input: ReviseInput & { messageId: string; message: string },
): Promise<StartedReply> {
  const session = await ownSession(chat, input.userId, input.sessionId);
  const target = await sessionMessage(chat, session.id, input.messageId);
  const { message, replies } = await lastExchange(chat, session);
  if (!message || message.id !== target.id) throw new HttpError(409, reviseTexts.notLast, 'NOT_LAST_MESSAGE');
  return startReply(chat, {
    userId: input.userId,
    acceptLanguage: input.acceptLanguage,
    body: {
      message: input.message,
      session_id: session.id,
      file_ids: message.fileIds ?? [],
      language: input.language,
    },
    revision: { kind: 'edit', replaces: message, replyIds: replies.map((row) => row.id) },
  });
}

/**
 * `POST /chat-sessions/{id}/regenerate`: a new reply to the person's last message; the last reply
 * is kept as a version. The message is assessed again, as when it was sent.
 */
export async function startRegenerate(chat: ChatContext, input: ReviseInput): Promise<StartedReply> {
  const session = await ownSession(chat, input.userId, input.sessionId);
  const { message, replies } = await lastExchange(chat, session);
  const reply = replies.at(-1);
  if (!message || reply?.role !== 'assistant')
    throw new HttpError(409, reviseTexts.nothingToRegenerate, 'NOTHING_TO_REGENERATE');
  return startReply(chat, {
    userId: input.userId,
    acceptLanguage: input.acceptLanguage,
    body: {
      message: await decryptMessage(chat, message),
      session_id: session.id,
      file_ids: message.fileIds ?? [],
      language: input.language,
    },
    revision: { kind: 'regenerate', userMessage: message, reply },
  });
}

/**
 * `GET /chat-sessions/{id}/messages/{message_id}/versions`: every version of a message, oldest
 * first; a version of the person's message comes with the reply it had.
 */
export async function messageVersions(
  chat: ChatContext,
  userId: string,
  sessionId: string,
  messageId: string,
): Promise<{ versions: ChatMessageVersion[] }> {
  const session = await ownSession(chat, userId, sessionId);
  const db = chat.service.db;
  const message = await sessionMessage(chat, session.id, messageId);
  const rows = message.versionGroup ? await listVersions(db, session.id, [message.versionGroup]) : [message];
  const replies =
    message.role === 'user'
      ? Map.groupBy(
          await listRepliesTo(
            db,
            session.id,
            rows.map((row) => row.id),
          ),
          (row) => row.parentId!,
        )
      : new Map<string, MessageRow[]>();
  const view = async (row: MessageRow) => ({
    id: row.id,
    role: row.role,
    content: await decryptMessage(chat, row),
    timestamp: row.createdAt.toISOString(),
    current: row.supersededAt === null,
    ...(row.role === 'assistant' && row.status === 'stopped' ? { stopped: true } : {}),
  });
  return {
    versions: await Promise.all(
      rows.map(async (row) => {
        // The reply the version had last: the current one, or the newest of those it had.
        const own = replies.get(row.id) ?? [];
        const reply = own.find((r) => r.supersededAt === null) ?? own.at(-1);
        return { ...(await view(row)), reply: reply ? await view(reply) : null };
      }),
    ),
  };
}
