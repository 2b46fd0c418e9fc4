import type { AbortReason, ReplyStreamInfo } from '../adapters/streams/reply-streams.ts';
import type { ChatContext } from '../chat-context.ts';
import { leasedSessions, storedReplyState } from '../db/reply-leases.ts';

/**
 * The replies of a session or a person wherever they are written: in this process, or (with
 * shared replies, ADR 0040) by another chat replica, reached through Redis.
 */

/** Stops a session's reply; false when no replica is writing one. */
export async function stopSessionReply(
  chat: ChatContext,
  sessionId: string,
  reason: AbortReason = 'stopped',
): Promise<boolean> {
  if (chat.streams.stop(sessionId, reason)) return true;
  return chat.shared ? chat.shared.stop(sessionId, reason) : false;
}

/** Stops every reply of the person (logout, erasure). */
export async function stopUserReplies(chat: ChatContext, userId: string): Promise<void> {
  for (const reply of chat.streams.running(userId)) chat.streams.stop(reply.sessionId);
  await chat.shared?.stopUser(userId);
}

/** The person's sessions with a reply being written now. */
export async function streamingSessions(chat: ChatContext, userId: string): Promise<Set<string>> {
  const local = new Set(chat.streams.running(userId).map((reply) => reply.sessionId));
  if (!chat.shared) return local;
  for (const id of await leasedSessions(chat.service.db, userId, chat.service.clock.now())) local.add(id);
  return local;
}

/** The reply in flight (or just finished) in a session, as far as written. */
export async function liveReply(chat: ChatContext, sessionId: string): Promise<ReplyStreamInfo | undefined> {
  const local = chat.streams.info(sessionId);
  if (local || !chat.shared) return local;
  const mirrored = await chat.shared.info(sessionId);
  if (!mirrored || mirrored.ended) return mirrored;
  // A mirror that never got its end is a reply whose writer died: it is failed, not being written.
  const state = await storedReplyState(chat.service.db, sessionId);
  if (state.kind === 'failed') return undefined;
  if (state.kind === 'leased' && state.until.getTime() < chat.service.clock.now().getTime()) return undefined;
  return mirrored;
}
