import type { KeyRing, UserCrypto } from '@innerview/crypto';
import type { BaseConfig, ServiceContext, Tx } from '@innerview/kit';
import type { AttachmentTexts } from './adapters/attachments/attachment-texts.ts';
import type { CoachModel } from './adapters/coach/coach-model.ts';
import type { CrisisCheck } from './adapters/coach/crisis-check.ts';
import type { ReaderLimit } from './adapters/streams/reader-limit.ts';
import type { RedisSharedReplies } from './adapters/streams/redis-shared-replies.ts';
import type { ReplyLeaseKeeper } from './adapters/streams/reply-lease-keeper.ts';
import type { ReplyStreams } from './adapters/streams/reply-streams.ts';
import type { ChatConfig } from './config.ts';

export type ChatServiceContext = ServiceContext<ChatConfig & BaseConfig>;

/** What the chat service's actions share: the kit's context plus its own adapters and keys. */
export interface ChatContext {
  service: ChatServiceContext;
  /** Per-user encryption of message contents, titles and the questionnaire context. */
  crypto: UserCrypto;
  /** The same, reading and creating data keys through an open transaction (event handlers). */
  cryptoIn(tx: Tx): UserCrypto;
  /** Opens the answers sealed in `questionnaire.answers.changed`. */
  eventPayloadKeys: KeyRing;
  coach: CoachModel;
  /**
   * The model-based crisis check, asked beside the reply about messages with a risk cue that the
   * rules did not flag (docs/safety.md, ADR 28); null with the offline coach (no model to ask).
   */
  crisisCheck: CrisisCheck | null;
  streams: ReplyStreams;
  /**
   * Replies shared with the other chat replicas through Redis (ADR 0040), so a reconnect or a stop
   * reaching another replica finds the reply; null with one process (embedded, or no Redis).
   */
  shared: RedisSharedReplies | null;
  /** Caps the reconnect streams a person holds open here. */
  readers: ReaderLimit;
  /** This process's claim on the replies it writes; fails the replies of a process that died. */
  leases: ReplyLeaseKeeper;
  attachments: AttachmentTexts;
  /** Replies being generated now; settled ones leave the set. */
  tasks: Set<Promise<void>>;
  /** Work a reply leaves behind (the memory step, ADR 57): awaited on stop, not counted as replies. */
  background: Set<Promise<void>>;
  /**
   * New sessions whose first message is still being stored (the stream opens before): a call that
   * names one (stop, a second message, the transcript) waits for it instead of answering 404.
   */
  pendingSessions: Map<string, { userId: string; stored: Promise<void> }>;
}
