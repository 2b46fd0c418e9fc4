import { Redis } from 'ioredis';
import type { MemoryReplyStreams } from './memory-reply-streams.ts';
import type { AbortReason, ReplyEnd, ReplyFollower, ReplyStreamInfo, ReplyWriter } from './reply-streams.ts';

/**
 * Replies shared between chat replicas through Redis (ADR 0040). The replica that accepted a
 * message writes its reply in memory as before (its own readers follow it there, with no Redis
 * round trip) and mirrors every piece into a Redis stream per session, entry id `0-<piece>`, so a
 * reader that reconnects to another replica reads the pieces after its last one and then the new
 * ones (`XREAD BLOCK`). Stop requests and "someone is reading" signals reach the writing replica
 * over one pub/sub channel.
 */

export interface SharedRepliesOptions {
  redisUrl: string;
  local: MemoryReplyStreams;
  /** How long a finished reply stays readable (the same as the local retention). */
  retentionMs: number;
  /** A reader elsewhere tells the writer it is there this often (below the orphan grace). */
  readingSignalMs: number;
  /**
   * Asked while a remote reader waits with nothing new: whether the writer is gone (its lease
   * expired, the reply marked failed), and with which end. Null while the writer is alive.
   */
  writerGone(sessionId: string, startedAt: Date): Promise<ReplyEnd | null>;
  prefix?: string;
  onError?(err: unknown, what: string): void;
}

type Signal =
  | { type: 'stop'; sessionId: string; reason: AbortReason }
  | { type: 'stop-user'; userId: string }
  | { type: 'reading'; sessionId: string };

/** The longest a running reply's keys live without an end (a writer that died leaves them). */
const RUNNING_TTL_MS = 60 * 60 * 1000;
const BLOCK_MS = 2_000;

export class RedisSharedReplies {
  readonly #options: SharedRepliesOptions;
  readonly #redis: Redis;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #channel: string;
  readonly #followers = new Set<{ stop(): void }>();
  #ready: Promise<void>;

  constructor(options: SharedRepliesOptions) {
    this.#options = options;
    this.#prefix = options.prefix ?? 'innerview:chat:reply';
    this.#channel = `${this.#prefix}:signals`;
    // No auto-pipelining: a reply's start, pieces and end must reach Redis in the order written.
    this.#redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    this.#subscriber = new Redis(options.redisUrl, { lazyConnect: true });
    // A Redis outage must not crash the process: replies go on locally, remote readers wait.
    this.#redis.on('error', (err) => this.#report(err, 'redis'));
    this.#subscriber.on('error', (err) => this.#report(err, 'redis subscriber'));
    this.#subscriber.on('message', (_channel, message) => this.#onSignal(message));
    this.#ready = this.#subscriber
      .connect()
      .then(() => this.#subscriber.subscribe(this.#channel))
      .then(() => undefined);
    this.#ready.catch((err) => this.#report(err, 'subscribe'));
  }

  /** Settles once this replica hears stop requests (tests wait for it). */
  ready(): Promise<void> {
    return this.#ready;
  }

  #key(sessionId: string): string {
    return `${this.#prefix}:${sessionId}`;
  }

  #report(err: unknown, what: string): void {
    this.#options.onError?.(err, what);
  }

  /** The writer this replica uses: the local one, each piece and the end also written to Redis. */
  mirror(writer: ReplyWriter, info: Omit<ReplyStreamInfo, 'lastId' | 'content' | 'ended'>): ReplyWriter {
    const key = this.#key(info.sessionId);
    const meta = `${key}:meta`;
    const failed = (what: string) => (err: unknown) => this.#report(err, what);
    // A new reply of the session replaces the previous one's pieces.
    void this.#redis
      .multi()
      .del(key, meta)
      .hset(meta, {
        replyId: info.replyId,
        userId: info.userId,
        startedAt: info.startedAt.toISOString(),
      })
      .pexpire(meta, RUNNING_TTL_MS)
      .exec()
      .catch(failed('mirror start'));
    return {
      replyId: writer.replyId,
      signal: writer.signal,
      abortReason: () => writer.abortReason(),
      firstPiece: writer.firstPiece,
      append: (content) => {
        const id = writer.append(content);
        void this.#redis.xadd(key, `0-${id}`, 'c', content).catch(failed('mirror piece'));
        if (id === 1) void this.#redis.pexpire(key, RUNNING_TTL_MS).catch(failed('mirror ttl'));
        return id;
      },
      end: (end) => {
        writer.end(end);
        const lastId = this.#options.local.info(info.sessionId)?.lastId ?? 0;
        void this.#redis
          .multi()
          .xadd(key, `0-${lastId + 1}`, 'e', JSON.stringify(end))
          .hset(meta, { ended: JSON.stringify(end) })
          .pexpire(key, this.#options.retentionMs)
          .pexpire(meta, this.#options.retentionMs)
          .exec()
          .catch(failed('mirror end'));
      },
    };
  }

  /** The reply of a session as the writing replica mirrored it (for a transcript read elsewhere). */
  async info(sessionId: string): Promise<ReplyStreamInfo | undefined> {
    const key = this.#key(sessionId);
    const [meta, entries] = await Promise.all([
      this.#redis.hgetall(`${key}:meta`),
      this.#redis.xrange(key, '-', '+'),
    ]);
    if (!meta.replyId) return undefined;
    let lastId = 0;
    let content = '';
    for (const [id, fields] of entries) {
      if (fields[0] !== 'c') continue;
      lastId = pieceNumber(id);
      content += fields[1] ?? '';
    }
    return {
      replyId: meta.replyId,
      sessionId,
      userId: meta.userId ?? '',
      lastId,
      content,
      ended: meta.ended ? (JSON.parse(meta.ended) as ReplyEnd) : null,
      startedAt: new Date(meta.startedAt ?? 0),
    };
  }

  /**
   * Follows a reply another replica writes: the pieces after `after`, then each new one, then the
   * end. Null when no replica has (or recently had) a reply in that session.
   */
  async follow(sessionId: string, after: number, follower: ReplyFollower): Promise<{ stop(): void } | null> {
    const key = this.#key(sessionId);
    const startedAt = await this.#redis.hget(`${key}:meta`, 'startedAt');
    if (!startedAt) return null;
    const reader = this.#redis.duplicate({ maxRetriesPerRequest: 1 });
    reader.on('error', (err) => this.#report(err, 'reader'));
    let stopped = false;
    const handle = {
      stop: () => {
        if (stopped) return;
        stopped = true;
        clearInterval(signal);
        this.#followers.delete(handle);
        reader.disconnect();
      },
    };
    // The writing replica keeps a reply that someone reads, even if nobody reads it there.
    const sendReading = () => void this.#signal({ type: 'reading', sessionId });
    const signal = setInterval(sendReading, this.#options.readingSignalMs);
    signal.unref();
    sendReading();
    this.#followers.add(handle);
    const finish = (end: ReplyEnd) => {
      if (stopped) return;
      handle.stop();
      follower.end(end);
    };
    void (async () => {
      let cursor = `0-${Math.max(0, after)}`;
      while (!stopped) {
        let batch: [string, [string, string[]][]][] | null;
        try {
          batch = (await reader.xread('BLOCK', BLOCK_MS, 'STREAMS', key, cursor)) as typeof batch;
        } catch (err) {
          if (stopped) return;
          this.#report(err, 'follow');
          batch = null;
        }
        if (stopped) return;
        if (!batch) {
          // Nothing new for a while: a writer that died never ends its stream.
          const gone = await this.#options.writerGone(sessionId, new Date(startedAt)).catch(() => null);
          if (gone) finish(gone);
          continue;
        }
        for (const [id, fields] of batch[0]?.[1] ?? []) {
          cursor = id;
          if (fields[0] === 'c') follower.chunk({ id: pieceNumber(id), content: fields[1] ?? '' });
          else if (fields[0] === 'e') return finish(JSON.parse(fields[1] ?? '{}') as ReplyEnd);
        }
      }
    })();
    return handle;
  }

  /** Asks the replica writing the session's reply to stop it; false when no replica has one running. */
  async stop(sessionId: string, reason: AbortReason = 'stopped'): Promise<boolean> {
    const meta = await this.#redis.hgetall(`${this.#key(sessionId)}:meta`);
    if (!meta.replyId || meta.ended) return false;
    await this.#signal({ type: 'stop', sessionId, reason });
    return true;
  }

  /** Every replica stops the person's replies (logout, erasure). */
  async stopUser(userId: string): Promise<void> {
    await this.#signal({ type: 'stop-user', userId });
  }

  async close(): Promise<void> {
    for (const follower of [...this.#followers]) follower.stop();
    this.#subscriber.disconnect();
    this.#redis.disconnect();
  }

  async #signal(signal: Signal): Promise<void> {
    try {
      await this.#redis.publish(this.#channel, JSON.stringify(signal));
    } catch (err) {
      this.#report(err, 'signal');
    }
  }

  #onSignal(message: string): void {
    let signal: Signal;
    try {
      signal = JSON.parse(message) as Signal;
    } catch {
      return;
    }
    const { local } = this.#options;
    if (signal.type === 'stop') local.stop(signal.sessionId, signal.reason);
    else if (signal.type === 'stop-user')
      for (const reply of local.running(signal.userId)) local.stop(reply.sessionId);
    else if (signal.type === 'reading') local.touch(signal.sessionId);
  }
}

function pieceNumber(entryId: string): number {
  return Number(entryId.slice(entryId.indexOf('-') + 1));
}
