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
  info: ReplyStreamInfo;
  chunks: ReplyChunk[];
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
      chunks: [],
      followers: new Set(),
      controller: new AbortController(),
      reason: null,
      orphanTimer: undefined,
      retentionTimer: undefined,
    };
    this.entries.set(input.sessionId, entry);
    // Until someone follows, the reply is already unread.
    this.armOrphanTimer(input.sessionId, entry);
    return {
      replyId: input.replyId,
      signal: entry.controller.signal,
      abortReason: () => entry.reason,
      append: (content) => {
        if (entry.info.ended) return entry.info.lastId;
        const chunk = { id: entry.info.lastId + 1, content };
        entry.chunks.push(chunk);
        entry.info.lastId = chunk.id;
        entry.info.content += content;
        for (const follower of [...entry.followers]) follower.chunk(chunk);
        return chunk.id;
      },
      end: (end) => {
        if (entry.info.ended) return;
        entry.info.ended = end;
        clearTimeout(entry.orphanTimer);
        for (const follower of [...entry.followers]) follower.end(end);
        entry.followers.clear();
        entry.retentionTimer = setTimeout(() => {
          if (this.entries.get(input.sessionId) === entry) this.entries.delete(input.sessionId);
        }, this.options.retentionMs);
        entry.retentionTimer.unref();
      },
    };
  }

  follow(sessionId: string, after: number, follower: ReplyFollower): { stop(): void } | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    for (const chunk of entry.chunks) if (chunk.id > after) follower.chunk(chunk);
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
    return entry ? { ...entry.info } : undefined;
  }

  running(userId: string): ReplyStreamInfo[] {
    return [...this.entries.values()]
      .filter((e) => e.info.userId === userId && !e.info.ended)
      .map((e) => ({ ...e.info }));
  }

  stop(sessionId: string, reason: AbortReason = 'stopped'): boolean {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.info.ended) return false;
    this.abort(entry, reason);
    return true;
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
  }
}
