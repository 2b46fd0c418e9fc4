import { QuestionnaireAnswersSnapshot } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';
import type { ChatContext } from '../chat-context.ts';
import { insertMessage, listSessionMessages, setReplyFailed } from '../db/messages.ts';
import type { ProfileRow } from '../db/profiles.ts';
import { leaseColumns } from '../db/reply-leases.ts';
import { insertSession, type SessionRow, updateSession } from '../db/sessions.ts';
import type { HistoryTurn, QuestionnaireAnswer } from '../domain/coach-context.ts';
import { aad, decryptMessage, encryptMessage } from './stored-text.ts';

/** More than any budget keeps; older turns only feed the summary lines. */
const HISTORY_LOAD = 80;

export interface TurnInput {
  userId: string;
  /** The person's session, or undefined for a new one (`sessionId` is then its new id). */
  session: SessionRow | undefined;
  sessionId: string;
  /** The id the message gets when it is stored as a new one. */
  messageId: string;
  message: string;
  fileIds: string[];
  /** The hidden note naming the message's files, stored just before it (docs/product.md#hidden-message-kinds paperclip mark). */
  attachmentNote: { id: string; text: string } | null;
}

export interface PreparedTurn {
  /** The stored user message's id: the new one, or the failed one a retry reuses. */
  userMessageId: string;
  /** The conversation before the message, decrypted, oldest first (failed exchanges left out). */
  history: HistoryTurn[];
  /**
   * Settles when the message is stored. Storing runs beside the model call (it is not needed to
   * ask the model), so the first word comes sooner; the reply is persisted only after it.
   */
  stored: Promise<void>;
  /**
   * The coach's last word in this session was a care reply (docs/safety.md): this reply starts by
   * checking in on the person. Read from the stored messages, so it holds across restarts.
   */
  afterCareReply: boolean;
}

/**
 * Reads the conversation so far and stores the person's message: the session is created when new
 * and reopened when closed. A retry of a message whose reply failed (the same text, still the last
 * message) reuses that message instead of adding a copy.
 */
export async function prepareTurn(chat: ChatContext, input: TurnInput): Promise<PreparedTurn> {
  const { service } = chat;
  const history: HistoryTurn[] = [];
  let retried: string | undefined;
  let afterCareReply = false;
  if (input.session) {
    const rows = await listSessionMessages(service.db, input.session.id, { newest: HISTORY_LOAD });
    const texts = await Promise.all(rows.map((row) => decryptMessage(chat, row)));
    const last = rows.at(-1);
    if (last?.role === 'user' && last.replyFailed && texts.at(-1) === input.message) retried = last.id;
    rows.forEach((row, i) => {
      if (!row.replyFailed) history.push({ role: row.role, content: texts[i]! });
    });
    afterCareReply = rows.findLast((row) => row.role === 'assistant')?.kind === 'safety';
  }
  const stored = retried
    ? reuseFailedMessage(chat, input.session!.id, retried)
    : storeNewMessage(chat, input);
  // Awaited later; until then a failure must not count as unhandled.
  stored.catch(() => {});
  if (!input.session) {
    chat.pendingSessions.set(input.sessionId, { userId: input.userId, stored });
    void stored.catch(() => {}).finally(() => chat.pendingSessions.delete(input.sessionId));
  }
  return { userMessageId: retried ?? input.messageId, history, stored, afterCareReply };
}

async function reuseFailedMessage(chat: ChatContext, sessionId: string, messageId: string): Promise<void> {
  await setReplyFailed(chat.service.db, messageId, false, chat.leases.lease());
  await updateSession(chat.service.db, sessionId, { closedAt: null, updatedAt: chat.service.clock.now() });
}

async function storeNewMessage(chat: ChatContext, input: TurnInput): Promise<void> {
  const { service } = chat;
  // Encryption first: it may create the data key, which must not happen inside the transaction.
  const ciphertext = await encryptMessage(chat, input.userId, input.messageId, input.message);
  const note = input.attachmentNote;
  const noteCiphertext = note ? await encryptMessage(chat, input.userId, note.id, note.text) : null;
  const kind = chatMessageKind(input.message);
  const now = service.clock.now();
  await service.transaction(async (tx) => {
    if (input.session) await updateSession(tx, input.session.id, { closedAt: null, updatedAt: now });
    else
      await insertSession(tx, {
        id: input.sessionId,
        userId: input.userId,
        titleCiphertext: null,
        titleSource: 'default',
        createdAt: now,
        updatedAt: now,
      });
    if (note && noteCiphertext)
      await insertMessage(tx, {
        id: note.id,
        sessionId: input.sessionId,
        userId: input.userId,
        role: 'user',
        kind: 'attachment',
        contentCiphertext: noteCiphertext,
        hidden: true,
        status: 'complete',
        fileIds: input.fileIds,
        createdAt: now,
      });
    await insertMessage(tx, {
      id: input.messageId,
      sessionId: input.sessionId,
      userId: input.userId,
      role: 'user',
      kind,
      contentCiphertext: ciphertext,
      hidden: kind !== 'message',
      status: 'complete',
      fileIds: input.fileIds.length > 0 ? input.fileIds : null,
      // Claimed by this process until the reply is kept (ADR 0039).
      ...leaseColumns(chat.leases.lease()),
      createdAt: now,
    });
  });
}

/** The person's questionnaire answers as chat keeps them (from `questionnaire.answers.changed`). */
export async function answersOf(
  chat: ChatContext,
  userId: string,
  profile: ProfileRow | undefined,
): Promise<QuestionnaireAnswer[]> {
  if (!profile?.answersCiphertext) return [];
  const json = await chat.crypto.decryptForUser(userId, profile.answersCiphertext, aad.answers);
  return QuestionnaireAnswersSnapshot.parse(JSON.parse(json)).answers;
}
