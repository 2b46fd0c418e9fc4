import { QuestionnaireAnswersSnapshot } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';
import type { ChatContext } from '../chat-context.ts';
import {
  insertMessage,
  listSessionMessages,
  type MessageRow,
  setReplyFailed,
  setReplySuperseded,
  supersedeExchange,
} from '../db/messages.ts';
import type { ProfileRow } from '../db/profiles.ts';
import { leaseColumns } from '../db/reply-leases.ts';
import { insertSession, type SessionRow, updateSession } from '../db/sessions.ts';
import type { HistoryTurn, QuestionnaireAnswer } from '../domain/coach-context.ts';
import { indexMessage, searchRows } from './search.ts';
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
  /** An edit of the last message, or a new reply to it (ADR 0058); absent for a new message. */
  revision?: Revision;
}

/**
 * `edit`: the message `replaces` and its replies become an earlier version, the new text is stored
 * as the current one. `regenerate`: `reply` becomes an earlier version and `userMessage` is
 * answered again (nothing new is stored for it).
 */
export type Revision =
  | { kind: 'edit'; replaces: MessageRow; replyIds: string[] }
  | { kind: 'regenerate'; userMessage: MessageRow; reply: MessageRow };

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
  const { revision } = input;
  const answered =
    revision?.kind === 'edit'
      ? revision.replaces.id
      : revision?.kind === 'regenerate'
        ? revision.userMessage.id
        : undefined;
  if (input.session) {
    let rows = await listSessionMessages(service.db, input.session.id, { newest: HISTORY_LOAD });
    // A revision answers the conversation as it stood before the message it revises.
    const at = answered ? rows.findIndex((row) => row.id === answered) : -1;
    if (at >= 0) rows = rows.slice(0, at);
    const texts = await Promise.all(rows.map((row) => decryptMessage(chat, row)));
    const last = rows.at(-1);
    if (!revision && last?.role === 'user' && last.replyFailed && texts.at(-1) === input.message)
      retried = last.id;
    rows.forEach((row, i) => {
      if (!row.replyFailed) history.push({ role: row.role, content: texts[i]! });
    });
    afterCareReply = rows.findLast((row) => row.role === 'assistant')?.kind === 'safety';
  }
  const stored =
    revision?.kind === 'regenerate'
      ? replaceReply(chat, input.session!.id, revision)
      : retried
        ? reuseFailedMessage(chat, input.session!.id, retried)
        : storeNewMessage(chat, input);
  // Awaited later; until then a failure must not count as unhandled.
  stored.catch(() => {});
  if (!input.session) {
    chat.pendingSessions.set(input.sessionId, { userId: input.userId, stored });
    void stored.catch(() => {}).finally(() => chat.pendingSessions.delete(input.sessionId));
  }
  const userMessageId =
    revision?.kind === 'regenerate' ? revision.userMessage.id : (retried ?? input.messageId);
  return { userMessageId, history, stored, afterCareReply };
}

async function reuseFailedMessage(chat: ChatContext, sessionId: string, messageId: string): Promise<void> {
  await setReplyFailed(chat.service.db, messageId, false, chat.leases.lease());
  await updateSession(chat.service.db, sessionId, { closedAt: null, updatedAt: chat.service.clock.now() });
}

/** The reply leaves the current branch and its message waits for a new one, in one step. */
async function replaceReply(
  chat: ChatContext,
  sessionId: string,
  revision: Extract<Revision, { kind: 'regenerate' }>,
): Promise<void> {
  const now = chat.service.clock.now();
  await chat.service.transaction(async (tx) => {
    await setReplySuperseded(tx, revision.reply, revision.userMessage.id, now);
    await setReplyFailed(tx, revision.userMessage.id, false, chat.leases.lease());
    await updateSession(tx, sessionId, { closedAt: null, updatedAt: now });
  });
}

async function storeNewMessage(chat: ChatContext, input: TurnInput): Promise<void> {
  const { service } = chat;
  // Encryption first: it may create the data key, which must not happen inside the transaction.
  const ciphertext = await encryptMessage(chat, input.userId, input.messageId, input.message);
  const note = input.attachmentNote;
  const noteCiphertext = note ? await encryptMessage(chat, input.userId, note.id, note.text) : null;
  const kind = chatMessageKind(input.message);
  // Only what the person sees is searchable (not the questionnaire or attachment markers).
  const tokens =
    kind === 'message'
      ? await searchRows(chat, {
          userId: input.userId,
          sessionId: input.sessionId,
          messageId: input.messageId,
          text: input.message,
        })
      : [];
  const now = service.clock.now();
  const edited = input.revision?.kind === 'edit' ? input.revision : undefined;
  await service.transaction(async (tx) => {
    if (edited) await supersedeExchange(tx, edited.replaces, edited.replyIds, now);
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
        // Hidden: nothing to index, and nothing left for the backfill job.
        searchIndexedAt: now,
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
      versionGroup: edited ? (edited.replaces.versionGroup ?? edited.replaces.id) : null,
      searchIndexedAt: now,
      createdAt: now,
    });
    await indexMessage(tx, tokens);
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
