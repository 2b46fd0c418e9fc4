import type { ChatContext } from '../chat-context.ts';
import { insertMessage, type MessageRow } from '../db/messages.ts';
import { releaseLease } from '../db/reply-leases.ts';
import { addSessionTokens, setAutoTitle } from '../db/sessions.ts';
import { indexMessage, searchRows } from './search.ts';
import { encryptMessage, encryptTitle } from './stored-text.ts';

type TransactionWork = Parameters<ChatContext['service']['transaction']>[0];
/** More writes in the reply's transaction: the handle, the outbox, the time the reply is kept at. */
type AlsoInTransaction = (
  tx: Parameters<TransactionWork>[0],
  emit: Parameters<TransactionWork>[1],
  now: Date,
) => Promise<void>;

/** What a finished reply leaves behind: the coach's words or a care reply (docs/safety.md). */
export interface ReplyToStore {
  userId: string;
  sessionId: string;
  replyId: string;
  /** The person's message the reply answers. */
  userMessageId: string;
  kind: 'message' | 'safety';
  content: string;
  status: MessageRow['status'];
  tokens: number;
  /** The session's first title, when it waits for one. */
  title: string | null;
  /** Regenerating: the reply being replaced; the new one joins its versions (ADR 0058). */
  regenerated?: MessageRow;
}

/**
 * Keeps a reply: encrypted, searchable, counted in its session and titled, the message it answers
 * released, in one transaction with what the caller adds (`also`: metering, counts, events).
 * Encryption and the search rows come first: they may create the data key, which must not happen
 * inside the transaction.
 */
export async function storeReply(
  chat: ChatContext,
  reply: ReplyToStore,
  also?: AlsoInTransaction,
): Promise<void> {
  const { userId, sessionId, replyId } = reply;
  const ciphertext = await encryptMessage(chat, userId, replyId, reply.content);
  const titleCiphertext = reply.title ? await encryptTitle(chat, userId, sessionId, reply.title) : null;
  const searchable = await searchRows(chat, { userId, sessionId, messageId: replyId, text: reply.content });
  const now = chat.service.clock.now();
  const replaced = reply.regenerated;
  await chat.service.transaction(async (tx, emit) => {
    await insertMessage(tx, {
      id: replyId,
      sessionId,
      userId,
      role: 'assistant',
      kind: reply.kind,
      contentCiphertext: ciphertext,
      status: reply.status,
      tokens: reply.tokens,
      // A reply names the message it answers; a regenerated one, the versions it belongs to.
      parentId: reply.userMessageId,
      versionGroup: replaced ? (replaced.versionGroup ?? replaced.id) : null,
      searchIndexedAt: now,
      createdAt: now,
    });
    await indexMessage(tx, searchable);
    await releaseLease(tx, reply.userMessageId);
    await addSessionTokens(tx, sessionId, reply.tokens, now);
    if (titleCiphertext) await setAutoTitle(tx, sessionId, titleCiphertext);
    await also?.(tx, emit, now);
  });
}
