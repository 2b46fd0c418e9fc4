import { type ChatSendBody, chatMessageKind, chatMessages as chatTexts } from '@innerview/contracts/chat';
import { decideChatAccess } from '@innerview/contracts/chat-access';
import { HttpError } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import { readMessageAttachments } from '../adapters/attachments/read-message-attachments.ts';
import type { ChatContext } from '../chat-context.ts';
import { sendContextCache } from '../db/send-context-cache.ts';
import { detectTextLanguage, replyLanguage } from '../domain/language.ts';
import { assessMessage } from '../domain/safety/assess.ts';
import type { SafetyReferral } from '../domain/safety/crisis-reply.ts';
import { hasRiskCue } from '../domain/safety/risk-cues.ts';
import type { Revision } from './coach-material.ts';
import { generateReply, type ReplyResult } from './generate.ts';
import { streamingSessions } from './reply-control.ts';
import { findSessionOf } from './sessions.ts';
import { refuseIfWrittenElsewhere } from './stored-reply.ts';

export interface SendInput {
  userId: string;
  body: ChatSendBody;
  acceptLanguage: string | undefined;
  /** An edit of the last message or a new reply to it (`revise.ts`), checked by the caller. */
  revision?: Revision;
}

export interface StartedReply {
  sessionId: string;
  replyId: string;
  /** Settles once the reply is persisted (or failed); never rejects. */
  result: Promise<ReplyResult>;
  /** Whether the message, and the session when it is new, were stored; never rejects. */
  stored: Promise<boolean>;
}

/**
 * Accepts a message and starts its reply (docs/product.md#sending-a-chat-message, docs/product.md#http-api): access (unless it is a
 * crisis message, which is always answered; a refused message with a risk cue is first put to the
 * model check), the session (new when `session_id` is null, the
 * person's own otherwise, else 404), one reply at a time per session; then the reply is generated
 * by a task of its own, which also stores the message (encrypted). Every refusal happens here,
 * before a stream starts, as a JSON error.
 */
export async function startReply(chat: ChatContext, input: SendInput): Promise<StartedReply> {
  const { service } = chat;
  const { userId, body } = input;
  const message = body.message.trim();
  const now = service.clock.now();
  const [{ access: verdict, profile }, existing] = await Promise.all([
    sendContextCache(service).get(service.db, userId),
    body.session_id ? findSessionOf(chat, userId, body.session_id) : Promise.resolve(undefined),
  ]);
  if (body.session_id && !existing) throw new HttpError(404);
  // Another process writing this session's reply refuses a second one, as this one would.
  if (existing && !chat.streams.info(existing.id)) await refuseIfWrittenElsewhere(chat, existing.id);
  const language = replyLanguage({
    message,
    requested: body.language,
    saved: profile?.language,
    acceptLanguage: input.acceptLanguage,
  });
  // The local detector (rules and the learned model, milliseconds, no network) in every mode;
  // its decision is the one docs/safety.md measures (no other gate here).
  const assessment = assessMessage(message, language);
  let finding: SafetyReferral | null =
    assessment.tier === 'none'
      ? null
      : { tier: assessment.tier, category: assessment.category, language: assessment.language };
  // The model check only where the detector saw nothing but a risk cue is there (docs/safety.md):
  // a message without one goes on exactly as before, with no call and no wait.
  const askModel = !finding && chat.crisisCheck !== null && hasRiskCue(message);
  // Billing's verdict read against the clock: chat holds no access policy of its own (ADR 0066).
  const access = decideChatAccess(verdict, now);
  // A refusal is never the answer to someone in danger: with no reply to run beside, the check is
  // awaited (at most its time-out) before refusing.
  if (!access.allowed && askModel) finding = await chat.crisisCheck!.check(message, language);
  if (!access.allowed && !finding)
    throw new HttpError(access.httpStatus, access.detail, access.code, {
      reason: access.reason,
      redirect_to: access.redirectTo,
    });
  const running = chat.shared
    ? (await streamingSessions(chat, userId)).size
    : chat.streams.running(userId).length;
  if (running >= service.config.CHAT_MAX_REPLIES_PER_USER) throw new HttpError(409, chatTexts.tooManyReplies);

  const sessionId = existing?.id ?? uuidv7();
  const fileIds = body.file_ids ?? [];
  // Before the stream opens: another person's file or another session's refuses the send.
  const attachments = await readMessageAttachments(chat, { userId, sessionId, fileIds });
  // Made in this order, so the reply sorts after the message it answers (uuid v7 grows), and the
  // hidden attachment note before the message it belongs to.
  const noteId = uuidv7();
  const newMessageId = uuidv7();
  const replyId = uuidv7();
  const local = chat.streams.begin({ sessionId, userId, replyId });
  if (!local) throw new HttpError(409, chatTexts.replyInProgress);
  // Mirrored for the other replicas (ADR 0040); the writer's own readers follow it in memory.
  const writer = chat.shared
    ? chat.shared.mirror(local, { sessionId, userId, replyId, startedAt: service.clock.now() })
    : local;
  const { promise: stored, resolve: markStored } = Promise.withResolvers<boolean>();
  try {
    // The task reads the conversation, stores the message and asks the coach; the stream can
    // open now (the first word comes sooner).
    const task = generateReply(chat, writer, {
      userId,
      sessionId,
      onStored: markStored,
      turn: {
        userId,
        session: existing,
        sessionId,
        messageId: newMessageId,
        message,
        fileIds,
        // A revision's files already have their note, before the message they came with.
        attachmentNote: attachments.note && !input.revision ? { id: noteId, text: attachments.note } : null,
        revision: input.revision,
      },
      message,
      fileIds,
      attachments: attachments.read,
      profile,
      language,
      // The hidden questionnaire message is in no language of its own: the one chosen stands.
      languageFromText: chatMessageKind(message) === 'questionnaire' || detectTextLanguage(message) !== null,
      finding,
      modelCheck: askModel && !finding,
      needsTitle: (existing?.titleSource ?? 'default') === 'default',
      metered: access.allowed && access.metered,
      regenerated: input.revision?.kind === 'regenerate' ? input.revision.reply : undefined,
    });
    // However the task ends, `stored` settles (a first answer wins).
    const tracked = task.then(() => markStored(false));
    chat.tasks.add(tracked);
    void tracked.finally(() => chat.tasks.delete(tracked));
    return { sessionId, replyId, result: task, stored };
  } catch (err) {
    writer.end({ kind: 'error', detail: chatTexts.replyFailed, code: 'SERVER_ERROR' });
    throw err;
  }
}
