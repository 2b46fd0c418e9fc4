import { chatMessages as texts } from '@innerview/contracts/chat';
import { HttpError } from '@innerview/kit';
import type { ReplyEnd } from '../adapters/streams/reply-streams.ts';
import type { ChatContext } from '../chat-context.ts';
import { listSessionMessages } from '../db/messages.ts';
import { storedReplyState } from '../db/reply-leases.ts';
import { decryptMessage } from './stored-text.ts';

/**
 * How a reply stands when no stream of this process holds it (ADR 0039): `failed` (its writer
 * failed or died; the person can retry), `none` (no reply is waiting: it was kept, or nothing was
 * asked), or `elsewhere` (another live chat process is still writing it).
 */
export type StoredStanding = 'failed' | 'none' | 'elsewhere';

/**
 * Reads the session's newest message. A reply claimed by a process that stopped renewing its
 * lease is settled here (marked failed) rather than left for the next sweep, so a reader that
 * reconnects after a crash learns of the failure within one lease at most.
 */
export async function settleStoredReply(chat: ChatContext, sessionId: string): Promise<StoredStanding> {
  const { service, leases } = chat;
  const pollMs = Math.max(50, Math.min(500, Math.floor(leases.leaseMs / 4)));
  // Bounded: a lease renewed by a live process is its reply (elsewhere), not a reason to wait on.
  const deadline = Date.now() + leases.leaseMs + pollMs;
  for (;;) {
    const state = await storedReplyState(service.db, sessionId);
    if (state.kind === 'failed') return 'failed';
    if (state.kind === 'none' || state.kind === 'replied' || state.owner === leases.owner) return 'none';
    if (state.until.getTime() < service.clock.now().getTime()) {
      await leases.sweep();
      continue;
    }
    if (Date.now() > deadline) return 'elsewhere';
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Whether the session's newest visible user message is `text` (a reconnect, not a new message). */
export async function newestUserMessageIs(
  chat: ChatContext,
  sessionId: string,
  text: string,
): Promise<boolean> {
  const rows = await listSessionMessages(chat.service.db, sessionId, { newest: 4 });
  const last = rows.filter((row) => row.role === 'user' && row.kind !== 'attachment').at(-1);
  if (!last) return false;
  return (await decryptMessage(chat, last)) === text;
}

/** A session with a reply that another process is writing refuses a second one (as a local one does). */
export async function refuseIfWrittenElsewhere(chat: ChatContext, sessionId: string): Promise<void> {
  const state = await storedReplyState(chat.service.db, sessionId);
  if (state.kind !== 'leased' || state.owner === chat.leases.owner) return;
  if (state.until.getTime() >= chat.service.clock.now().getTime())
    throw new HttpError(409, texts.replyInProgress);
  // Its writer died: the failure is recorded now, so this message retries the failed one.
  await chat.leases.sweep();
}

const interrupted: ReplyEnd = { kind: 'error', detail: texts.replyFailed, code: 'REPLY_INTERRUPTED' };

/**
 * For a reader following a reply mirrored by another replica (ADR 0040) that has heard nothing
 * for a while: the end to give it when the writer is gone, null while it may still write.
 */
export async function writerGone(
  chat: ChatContext,
  sessionId: string,
  startedAt: Date,
): Promise<ReplyEnd | null> {
  const state = await storedReplyState(chat.service.db, sessionId);
  const now = chat.service.clock.now().getTime();
  if (state.kind === 'failed') return interrupted;
  // Kept, but its end never reached Redis: the transcript has it.
  if (state.kind === 'replied') return { kind: 'done' };
  if (state.kind === 'leased') {
    if (state.until.getTime() >= now) return null;
    await chat.leases.sweep();
    return interrupted;
  }
  // The message is not stored: the writer died before storing it, or is about to store it.
  return now - startedAt.getTime() > 2 * chat.leases.leaseMs ? interrupted : null;
}
