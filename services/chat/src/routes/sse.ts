import type { ChatStreamChunk } from '@innerview/contracts/chat';
import { CHAT_STREAM_DONE } from '@innerview/contracts/chat';
import type { Response } from 'express';
import type { ChatContext } from '../chat-context.ts';
import type { ReplyChunk, ReplyEnd } from '../streams/reply-streams.ts';

/**
 * Writes a reply as server-sent events (spec §7): `id: <n>` and `data: {"session_id","role","content"}`
 * per piece, `data: [DONE]` at the end; a failure after the start is `event: error` with the error
 * body, without [DONE]. A comment line every few seconds keeps proxies from closing an idle stream.
 */
export class SseWriter {
  private readonly res: Response;
  private readonly sessionId: string;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(res: Response, sessionId: string, heartbeatMs: number) {
    this.res = res;
    this.sessionId = sessionId;
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), heartbeatMs);
    this.heartbeat.unref();
    res.on('close', () => this.stop());
  }

  chunk(id: number, content: string): void {
    const data: ChatStreamChunk = { session_id: this.sessionId, role: 'assistant', content };
    this.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
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
    clearInterval(this.heartbeat);
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

/** `Last-Event-ID` (or `?after=`) as a piece id; 0 when absent or malformed. */
export function resumePoint(header: string | undefined, query: unknown): number {
  const raw = typeof query === 'string' && query !== '' ? query : header;
  if (raw === undefined) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
