import type { ActiveChatSession, ChatSession, ChatTranscriptEntry } from '@innerview/contracts/chat';
import { HttpError } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext } from '../chat-context.ts';
import {
  isSessionMessage,
  listSessionMessages,
  listSessionMessagesBefore,
  type MessageRow,
} from '../db/messages.ts';
import { deleteSessionTokens } from '../db/search-index.ts';
import {
  closeOpenSessions,
  findOwnSession,
  insertSession,
  listOwnSessions,
  type SessionRow,
  updateSession,
} from '../db/sessions.ts';
import { chatEvent } from './events.ts';
import { liveReply, stopSessionReply, stopUserReplies, streamingSessions } from './reply-control.ts';
import { decryptMessage, encryptTitle, sessionTitle, sessionView } from './stored-text.ts';
import { versionPlaces } from './version-places.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The person's session, waiting for one whose first message is still being stored; undefined for a
 * malformed id, another user's session or a deleted one.
 */
export async function findSessionOf(
  chat: ChatContext,
  userId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  if (!uuidPattern.test(sessionId)) return undefined;
  const row = await findOwnSession(chat.service.db, userId, sessionId);
  if (row) return row;
  const pending = chat.pendingSessions.get(sessionId);
  if (pending?.userId !== userId) return undefined;
  await pending.stored.catch(() => {});
  return findOwnSession(chat.service.db, userId, sessionId);
}

/** The person's own session or a 404: a malformed id, another user's session and a deleted one alike. */
export async function ownSession(chat: ChatContext, userId: string, sessionId: string): Promise<SessionRow> {
  const row = await findSessionOf(chat, userId, sessionId);
  if (!row) throw new HttpError(404);
  return row;
}

export async function listSessions(
  chat: ChatContext,
  userId: string,
  page: { limit: number; offset: number },
): Promise<ChatSession[]> {
  const rows = await listOwnSessions(chat.service.db, userId, page);
  return Promise.all(rows.map((row) => sessionView(chat, row)));
}

/** `POST /chat-sessions/`: an empty session, named by the person or 'new chat' until its first exchange. */
export async function createSession(
  chat: ChatContext,
  userId: string,
  title: string | undefined,
): Promise<ChatSession> {
  const id = uuidv7();
  const titleCiphertext = title ? await encryptTitle(chat, userId, id, title) : null;
  const now = chat.service.clock.now();
  const row = await insertSession(chat.service.db, {
    id,
    userId,
    titleCiphertext,
    titleSource: title ? 'user' : 'default',
    createdAt: now,
    updatedAt: now,
  });
  return sessionView(chat, row);
}

export async function getSession(chat: ChatContext, userId: string, sessionId: string): Promise<ChatSession> {
  return sessionView(chat, await ownSession(chat, userId, sessionId));
}

export async function renameSession(
  chat: ChatContext,
  userId: string,
  sessionId: string,
  title: string,
): Promise<ChatSession> {
  const session = await ownSession(chat, userId, sessionId);
  const titleCiphertext = await encryptTitle(chat, userId, session.id, title);
  // updated_at is the chat's last activity, the list's order: a new name does not move the chat to
  // the top (issue 20).
  const row = await updateSession(chat.service.db, session.id, { titleCiphertext, titleSource: 'user' });
  return sessionView(chat, row!);
}

/** Soft delete (spec: remove is a soft delete): gone from every call, its reply stopped, others told. */
export async function deleteSession(chat: ChatContext, userId: string, sessionId: string): Promise<void> {
  const session = await ownSession(chat, userId, sessionId);
  await stopSessionReply(chat, session.id);
  const now = chat.service.clock.now();
  await chat.service.transaction(async (tx, emit) => {
    await updateSession(tx, session.id, { deleted: true, deletedAt: now, closedAt: now });
    // Not findable any more: its words leave the index with it.
    await deleteSessionTokens(tx, session.id);
    await emit(chatEvent(chat, 'chat.session.deleted', userId, { userId, sessionId: session.id }));
  });
}

/** `POST /chat/stop`: stops the reply being written; what was written so far is kept. */
export async function stopReply(
  chat: ChatContext,
  userId: string,
  sessionId: string,
): Promise<{ stopped: boolean }> {
  const session = await ownSession(chat, userId, sessionId);
  return { stopped: await stopSessionReply(chat, session.id) };
}

/** `POST /chat/close-session`: stops its reply and marks it closed until the next message. */
export async function closeSession(
  chat: ChatContext,
  userId: string,
  sessionId: string,
): Promise<{ session_id: string; closed: true }> {
  const session = await ownSession(chat, userId, sessionId);
  await stopSessionReply(chat, session.id);
  await updateSession(chat.service.db, session.id, { closedAt: chat.service.clock.now() });
  return { session_id: session.id, closed: true };
}

/** `POST /chat/close-all-sessions` (logout): every reply of the person stopped, every session closed. */
export async function closeAllSessions(chat: ChatContext, userId: string): Promise<{ closed: number }> {
  await stopUserReplies(chat, userId);
  const ids = await closeOpenSessions(chat.service.db, userId, chat.service.clock.now());
  return { closed: ids.length };
}

/** `GET /chat/active-sessions`: sessions not closed, newest first, and whether a reply is being written. */
export async function activeSessions(
  chat: ChatContext,
  userId: string,
): Promise<{ sessions: ActiveChatSession[] }> {
  const rows = await listOwnSessions(chat.service.db, userId, { onlyOpen: true, limit: 100, offset: 0 });
  const streaming = await streamingSessions(chat, userId);
  return {
    sessions: await Promise.all(
      rows.map(async (row) => ({
        session_id: row.id,
        session_title: await sessionTitle(chat, row),
        updated_at: row.updatedAt.toISOString(),
        streaming: streaming.has(row.id),
      })),
    ),
  };
}

/**
 * A page of the transcript: at most `limit` messages (the newest without `before`), just before the
 * message `before`. Without either, the whole transcript (docs/product.md#chat-calls).
 */
export type TranscriptPage = { limit?: number; before?: string };

/**
 * Hidden messages just before a page's first message come with it, up to this many: an attachment
 * note is stored just before the message that carried the files, and the remote shows those files
 * on that message, so the two are never split across pages.
 */
export const TRANSCRIPT_HIDDEN_LEAD = 10;

async function transcriptRows(
  chat: ChatContext,
  sessionId: string,
  page: TranscriptPage,
): Promise<MessageRow[]> {
  const { limit, before } = page;
  if (limit === undefined && before === undefined) return listSessionMessages(chat.service.db, sessionId);
  if (before !== undefined && !(await isSessionMessage(chat.service.db, sessionId, before)))
    throw new HttpError(400, [
      { loc: ['query', 'before'], msg: 'Not a message of this session', type: 'cursor' },
    ]);
  const rows = await listSessionMessagesBefore(
    chat.service.db,
    sessionId,
    limit === undefined ? Number.MAX_SAFE_INTEGER : limit + TRANSCRIPT_HIDDEN_LEAD,
    before,
  );
  if (limit === undefined || rows.length <= limit) return rows;
  let start = rows.length - limit;
  while (start > 0 && rows[start - 1]!.hidden) start -= 1;
  return rows.slice(start);
}

/**
 * `GET /chat-sessions/{id}/transcript` (docs/product.md#chat-records: role, content, timestamp), whole or a page of it.
 * Questionnaire and attachment messages come flagged `hidden: true`; a reply being written comes
 * last (on the newest page) with `streaming: true` and the id of its last piece, to resume from.
 */
export async function transcript(
  chat: ChatContext,
  userId: string,
  sessionId: string,
  page: TranscriptPage = {},
): Promise<ChatTranscriptEntry[]> {
  const session = await ownSession(chat, userId, sessionId);
  // Read before the rows: a reply persisted in between is then in the rows, and skipped below.
  const live = page.before === undefined ? await liveReply(chat, session.id) : undefined;
  const rows = await transcriptRows(chat, session.id, page);
  const versions = await versionPlaces(chat, session.id, rows);
  const entries: ChatTranscriptEntry[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      role: row.role,
      content: await decryptMessage(chat, row),
      timestamp: row.createdAt.toISOString(),
      hidden: row.hidden,
      ...(row.replyFailed ? { failed: true } : {}),
      ...(row.role === 'assistant' && row.status === 'stopped' ? { stopped: true } : {}),
      ...(versions.has(row.id) ? { version: versions.get(row.id) } : {}),
    })),
  );
  if (live && !live.ended && !rows.some((row) => row.id === live.replyId))
    entries.push({
      id: live.replyId,
      role: 'assistant',
      content: live.content,
      timestamp: live.startedAt.toISOString(),
      hidden: false,
      streaming: true,
      last_event_id: live.lastId,
    });
  return entries;
}
