/**
 * In-flight replies, numbered piece by piece so that a reader can leave and come back
 * (`Last-Event-ID`) and get the rest with no gap and no duplicate. The port is kept small so that a
 * Redis-backed adapter (a stream per reply with a time-to-live, stop requests over pub/sub) can
 * replace the in-memory one when chat runs as several replicas; see ADR 0008.
 */

export type ReplyEnd = { kind: 'done' } | { kind: 'error'; detail: string; code: string };

/** One numbered piece of a reply; ids start at 1 and grow by one. */
export interface ReplyChunk {
  id: number;
  content: string;
}

export interface ReplyFollower {
  chunk(chunk: ReplyChunk): void;
  end(end: ReplyEnd): void;
}

export interface ReplyStreamInfo {
  replyId: string;
  sessionId: string;
  userId: string;
  /** The id of the last piece so far (0 before the first). */
  lastId: number;
  /** The reply so far. */
  content: string;
  ended: ReplyEnd | null;
  startedAt: Date;
}

/** Why generation was cancelled: the person stopped it, nobody read it any more, or the service stops. */
export type AbortReason = 'stopped' | 'orphaned' | 'shutdown';

/** The generating task's handle on its reply. */
export interface ReplyWriter {
  readonly replyId: string;
  /** Aborted when the reply is stopped, abandoned, or the service shuts down. */
  readonly signal: AbortSignal;
  abortReason(): AbortReason | null;
  /**
   * True at the first piece, false if the reply ends without one: work the first word need not
   * wait for (the session's title) starts here instead of competing with it.
   */
  readonly firstPiece: Promise<boolean>;
  /** Adds a piece; returns its id. */
  append(content: string): number;
  /** Ends the reply for every reader (after it has been persisted). */
  end(end: ReplyEnd): void;
}

export interface ReplyStreams {
  /** Starts a session's reply; null when that session already has one being written. */
  begin(input: { sessionId: string; userId: string; replyId: string }): ReplyWriter | null;
  /**
   * Replays the pieces after `after`, then delivers new ones as they come and the end. Null when
   * the session has no reply in flight or recently finished.
   */
  follow(sessionId: string, after: number, follower: ReplyFollower): { stop(): void } | null;
  info(sessionId: string): ReplyStreamInfo | undefined;
  /** The user's replies still being written. */
  running(userId: string): ReplyStreamInfo[];
  /** Stops a session's reply being written; false when there is none. */
  stop(sessionId: string, reason?: AbortReason): boolean;
  /** Stops every reply (service shutdown). */
  stopAll(): void;
}
