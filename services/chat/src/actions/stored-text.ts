import type { ChatSession } from '@innerview/contracts/chat';
import { NEW_CHAT_TITLE } from '@innerview/contracts/chat';
import type { Queryable } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import type { MessageRow } from '../db/messages.ts';
import type { SessionRow } from '../db/sessions.ts';

/** The AAD of each encrypted value: a ciphertext moved to another row or field does not decrypt. */
export const aad = {
  message: (messageId: string) => `chat_messages.${messageId}.content`,
  title: (sessionId: string) => `chat_sessions.${sessionId}.title`,
  answers: 'coach_profiles.answers',
};

export function encryptMessage(
  chat: ChatContext,
  userId: string,
  messageId: string,
  text: string,
): Promise<string> {
  return chat.crypto.encryptForUser(userId, text, aad.message(messageId));
}

export function decryptMessage(
  chat: Pick<ChatContext, 'crypto'>,
  row: Pick<MessageRow, 'id' | 'userId' | 'contentCiphertext'>,
  q?: Queryable,
): Promise<string> {
  return chat.crypto.decryptForUser(row.userId, row.contentCiphertext, aad.message(row.id), q);
}

export function encryptTitle(
  chat: ChatContext,
  userId: string,
  sessionId: string,
  title: string,
): Promise<string> {
  return chat.crypto.encryptForUser(userId, title, aad.title(sessionId));
}

export async function sessionTitle(chat: ChatContext, row: SessionRow, q?: Queryable): Promise<string> {
  if (!row.titleCiphertext) return NEW_CHAT_TITLE;
  return chat.crypto.decryptForUser(row.userId, row.titleCiphertext, aad.title(row.id), q);
}

/** docs/product.md#chat-records "Chat session", as every call returns it. */
export async function sessionView(chat: ChatContext, row: SessionRow, q?: Queryable): Promise<ChatSession> {
  return {
    id: row.id,
    user_id: row.userId,
    session_title: await sessionTitle(chat, row, q),
    total_tokens: row.totalTokens,
    deleted: row.deleted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
