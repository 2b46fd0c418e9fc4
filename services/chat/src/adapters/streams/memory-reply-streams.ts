import type {
  AbortReason,
  ReplyChunk,
  ReplyFollower,
  ReplyStreamInfo,
  ReplyStreams,
  ReplyWriter,
} from './reply-streams.ts';

export interface MemoryReplyStreamsOptions {
  /** How long a reply nobody reads keeps being written before it is cancelled. */
  orphanGraceMs: number;
  /** How long a finished reply's pieces stay for a late reader. */
  retentionMs: number;
  now?: () => Date;
}

interface Entry {
  /** `content` is left empty here: it is the pieces joined, made only when asked for (`info`). */
  info: ReplyStreamInfo;
  /** Piece `n` is `pieces[n - 1]` (one string per piece, no object, no second copy of the text). */
  pieces: string[];
  followers: Set<ReplyFollower>;
  controller: AbortController;
  reason: AbortReason | null;
  orphanTimer: NodeJS.Timeout | undefined;
  retentionTimer: NodeJS.Timeout | undefined;
}

/**
 * Replies in this process's memory (embedded mode, one replica). Everything happens on the event
 * loop synchronously, so a reader that joins gets the pieces so far and then every new one, in
 * order, with nothing missed or repeated between the two.
 */
export class MemoryReplyStreams implements ReplyStreams {
  private readonly entries = new Map<string, Entry>();
  /**
   * Each person's entries: every send asks for the person's running replies, which must not walk
   * every reply of the process (ten thousand held streams made each new one walk them all).
   */
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly options: MemoryReplyStreamsOptions;
  constructor(options: MemoryReplyStreamsOptions) {
    this.options = options;
  }

  begin(input: { sessionId: string; userId: string; replyId: string }): ReplyWriter | null {
    const existing = this.entries.get(input.sessionId);
    if (existing && !existing.info.ended) return null;
    if (existing) this.forget(input.sessionId, existing);
    const entry: Entry = {
      info: {
        ...input,
        lastId: 0,
        content: '',
        ended: null,
        startedAt: this.options.now?.() ?? new Date(),
      },
      pieces: [],
      followers: new Set(),
      controller: new AbortController(),
      reason: null,
      orphanTimer: undefined,
      retentionTimer: undefined,
    };
    this.entries.set(input.sessionId, entry);
    let own = this.byUser.get(input.userId);
    if (!own) {
      own = new Set();
      this.byUser.set(input.userId, own);
    }
    own.add(entry);
    // Until someone follows, the reply is already unread.
    this.armOrphanTimer(input.sessionId, entry);
    let started: ((piece: boolean) => void) | undefined;
    const firstPiece = new Promise<boolean>((resolve) => {
      started = resolve;
    });
    return {
      replyId: input.replyId,
      signal: entry.controller.signal,
      abortReason: () => entry.reason,
      firstPiece,
      append: (content) => {
        if (entry.info.ended) return entry.info.lastId;
        if (entry.pieces.length === 0) started?.(true);
        entry.pieces.push(content);
        const chunk: ReplyChunk = { id: entry.pieces.length, content };
        entry.info.lastId = chunk.id;
        for (const follower of entry.followers) follower.chunk(chunk);
        return chunk.id;
      },
      end: (end) => {
        if (entry.info.ended) return;
        started?.(false);
        entry.info.ended = end;
        clearTimeout(entry.orphanTimer);
        const followers = [...entry.followers];
        entry.followers.clear();
        for (const follower of followers) follower.end(end);
        entry.retentionTimer = setTimeout(() => {
          if (this.entries.get(input.sessionId) === entry) this.forget(input.sessionId, entry);
        }, this.options.retentionMs);
        entry.retentionTimer.unref();
      },
    };
  }

  follow(sessionId: string, after: number, follower: ReplyFollower): { stop(): void } | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    for (let id = Math.max(after, 0) + 1; id <= entry.pieces.length; id++)
      follower.chunk({ id, content: entry.pieces[id - 1]! });
    if (entry.info.ended) {
      follower.end(entry.info.ended);
      return { stop: () => {} };
    }
    entry.followers.add(follower);
    clearTimeout(entry.orphanTimer);
    entry.orphanTimer = undefined;
    return {
      stop: () => {
        if (!entry.followers.delete(follower)) return;
        if (entry.followers.size === 0 && !entry.info.ended) this.armOrphanTimer(sessionId, entry);
      },
    };
  }

  info(sessionId: string): ReplyStreamInfo | undefined {
    const entry = this.entries.get(sessionId);
    return entry ? { ...entry.info, content: entry.pieces.join('') } : undefined;
  }

  running(userId: string): ReplyStreamInfo[] {
    return [...(this.byUser.get(userId) ?? [])]
      .filter((e) => !e.info.ended)
      .map((e) => ({ ...e.info, content: e.pieces.join('') }));
  }

  stop(sessionId: string, reason: AbortReason = 'stopped'): boolean {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.info.ended) return false;
    this.abort(entry, reason);
    return true;
  }

  /** A reader on another replica is there (ADR 0040): the reply is not abandoned yet. */
  touch(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.info.ended || entry.followers.size > 0) return;
    this.armOrphanTimer(sessionId, entry);
  }

  stopAll(): void {
    for (const entry of this.entries.values()) if (!entry.info.ended) this.abort(entry, 'shutdown');
  }

  private abort(entry: Entry, reason: AbortReason): void {
    if (entry.controller.signal.aborted) return;
    entry.reason = reason;
    clearTimeout(entry.orphanTimer);
    entry.controller.abort(reason);
  }

  private armOrphanTimer(sessionId: string, entry: Entry): void {
    clearTimeout(entry.orphanTimer);
    entry.orphanTimer = setTimeout(() => {
      if (this.entries.get(sessionId) === entry && entry.followers.size === 0) this.abort(entry, 'orphaned');
    }, this.options.orphanGraceMs);
    entry.orphanTimer.unref();
  }

  private forget(sessionId: string, entry: Entry): void {
    clearTimeout(entry.orphanTimer);
    clearTimeout(entry.retentionTimer);
    this.entries.delete(sessionId);
    const own = this.byUser.get(entry.info.userId);
    own?.delete(entry);
    if (own?.size === 0) this.byUser.delete(entry.info.userId);
  }
}
