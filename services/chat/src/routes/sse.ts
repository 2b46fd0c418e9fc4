import type { ChatStreamChunk } from '@innerview/contracts/chat';
import { CHAT_STREAM_DONE } from '@innerview/contracts/chat';
import type { Response } from 'express';
import type { ReplyChunk, ReplyEnd } from '../adapters/streams/reply-streams.ts';
import type { ChatContext } from '../chat-context.ts';

/**
 * One timer per period for every open stream's keep-alive comment (a timer per stream was one more
 * object and timer-list entry per held stream): a stream gets a comment at most one period apart.
 */
class Heartbeats {
  private readonly byPeriod = new Map<number, { writers: Set<SseWriter>; timer: NodeJS.Timeout }>();

  add(writer: SseWriter, periodMs: number): void {
    let beat = this.byPeriod.get(periodMs);
    if (!beat) {
      const writers = new Set<SseWriter>();
      const timer = setInterval(() => {
        for (const w of writers) w.keepAlive();
      }, periodMs);
      timer.unref();
      beat = { writers, timer };
      this.byPeriod.set(periodMs, beat);
    }
    beat.writers.add(writer);
  }

  delete(writer: SseWriter, periodMs: number): void {
    const beat = this.byPeriod.get(periodMs);
    if (!beat?.writers.delete(writer) || beat.writers.size > 0) return;
    clearInterval(beat.timer);
    this.byPeriod.delete(periodMs);
  }
}
const heartbeats = new Heartbeats();

/**
 * Writes a reply as server-sent events (docs/product.md#reply-streams): `id: <n>` and `data: {"session_id","role","content"}`
 * per piece, `data: [DONE]` at the end; a failure after the start is `event: error` with the error
 * body, without [DONE]. A comment line every few seconds keeps proxies from closing an idle stream.
 * A piece is one write of one string: the part of the JSON that is the same for every piece of the
 * stream is made once (the same bytes `JSON.stringify` of a `ChatStreamChunk` gives).
 */
export class SseWriter {
  private readonly res: Response;
  /** `data: {"session_id":…,"role":"assistant","content":` */
  private readonly dataStart: string;
  private readonly heartbeatMs: number;
  private closed = false;

  constructor(res: Response, sessionId: string, heartbeatMs: number) {
    this.res = res;
    this.heartbeatMs = heartbeatMs;
    const shape: Omit<ChatStreamChunk, 'content'> = { session_id: sessionId, role: 'assistant' };
    this.dataStart = `data: ${JSON.stringify(shape).slice(0, -1)},"content":`;
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    heartbeats.add(this, heartbeatMs);
    res.on('close', () => this.stop());
  }

  chunk(id: number, content: string): void {
    this.write(`id: ${id}\n${this.dataStart}${JSON.stringify(content)}}\n\n`);
  }

  keepAlive(): void {
    this.write(': keep-alive\n\n');
  }

  end(end: ReplyEnd): void {
    if (end.kind === 'done') this.write(`data: ${CHAT_STREAM_DONE}\n\n`);
    else this.write(`event: error\ndata: ${JSON.stringify({ detail: end.detail, code: end.code })}\n\n`);
    this.stop();
    if (!this.res.writableEnded) this.res.end();
  }

  private write(text: string): void {
    if (this.closed || this.res.writableEnded || this.res.destroyed) return;
    this.res.write(text);
  }

  private stop(): void {
    this.closed = this.closed || this.res.writableEnded;
    heartbeats.delete(this, this.heartbeatMs);
  }
}

/**
 * Streams a session's reply from piece `after` on: the pieces so far, then each new one, then the
 * end. Leaving (a closed connection) only stops reading; the reply goes on being written.
 */
export function pipeReply(
  chat: ChatContext,
  res: Response,
  input: { sessionId: string; after: number; opening: boolean },
): void {
  const sse = new SseWriter(res, input.sessionId, chat.service.config.CHAT_HEARTBEAT_MS);
  // The opening event tells a new conversation its session id before the first word.
  if (input.opening) sse.chunk(0, '');
  const handle = chat.streams.follow(input.sessionId, input.after, {
    chunk: (chunk: ReplyChunk) => sse.chunk(chunk.id, chunk.content),
    end: (end: ReplyEnd) => sse.end(end),
  });
  if (!handle) {
    sse.end({ kind: 'done' });
    return;
  }
  // `res` closes when the connection drops (or after the end); `req` closes as soon as its body is read.
  res.on('close', () => handle.stop());
}

/** Streams the reply a request has just started (`starting`), from its opening event on. */
export async function pipeNewReply(
  chat: ChatContext,
  res: Response,
  starting: Promise<{ sessionId: string }>,
): Promise<undefined> {
  const { sessionId } = await starting;
  pipeReply(chat, res, { sessionId, after: 0, opening: true });
  return undefined;
}

/**
 * Streams a reply that another replica writes, from its Redis mirror (ADR 0040); false (nothing
 * written to `res`) when no replica has one for the session.
 */
export async function pipeSharedReply(
  chat: ChatContext,
  res: Response,
  input: { sessionId: string; after: number },
): Promise<boolean> {
  let sse: SseWriter | undefined;
  const pending: ReplyChunk[] = [];
  let ended: ReplyEnd | undefined;
  const handle = await chat.shared!.follow(input.sessionId, input.after, {
    chunk: (chunk) => {
      if (sse) sse.chunk(chunk.id, chunk.content);
      else pending.push(chunk);
    },
    end: (end) => {
      if (sse) sse.end(end);
      else ended = end;
    },
  });
  if (!handle) return false;
  sse = new SseWriter(res, input.sessionId, chat.service.config.CHAT_HEARTBEAT_MS);
  for (const chunk of pending) sse.chunk(chunk.id, chunk.content);
  if (ended) sse.end(ended);
  res.on('close', () => handle.stop());
  return true;
}

/** A reply that cannot be followed because it failed: the stream's error event, at once. */
export function pipeFailure(
  chat: ChatContext,
  res: Response,
  sessionId: string,
  error: { detail: string; code: string },
): void {
  new SseWriter(res, sessionId, chat.service.config.CHAT_HEARTBEAT_MS).end({ kind: 'error', ...error });
}

/** `Last-Event-ID` (or `?after=`) as a piece id; 0 when absent or malformed. */
export function resumePoint(header: string | undefined, query: unknown): number {
  const raw = typeof query === 'string' && query !== '' ? query : header;
  if (raw === undefined) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
