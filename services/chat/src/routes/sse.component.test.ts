import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { SseWriter } from './sse.ts';

/** Enough of an Express response for the writer: what was written, and a way to close it. */
function fakeResponse() {
  const written: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    statusCode: 0,
    headers: {} as Record<string, string>,
    writableEnded: false,
    destroyed: false,
    socket: null,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string) {
      res.headers[name] = value;
    },
    flushHeaders() {},
    write(text: string) {
      written.push(text);
      return true;
    },
    end() {
      res.writableEnded = true;
      res.emit('close');
    },
  });
  return { res: res as unknown as Response & typeof res, written };
}

describe('SSE writer', () => {
  it('writes each piece as one event whose data is the chunk JSON, then [DONE]', () => {
    const { res, written } = fakeResponse();
    const sse = new SseWriter(res, 'session-"1"', 60_000);
    sse.chunk(0, '');
    sse.chunk(1, 'Hello "you"\n\\ there');
    sse.end({ kind: 'done' });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(written).toEqual([
      `id: 0\ndata: ${JSON.stringify({ session_id: 'session-"1"', role: 'assistant', content: '' })}\n\n`,
      `id: 1\ndata: ${JSON.stringify({ session_id: 'session-"1"', role: 'assistant', content: 'Hello "you"\n\\ there' })}\n\n`,
      'data: [DONE]\n\n',
    ]);
  });

  it('sends keep-alive comments to every open stream, and none after it closes', () => {
    // The beat is a timer: moved on fake time, so two beats and then none are exact, not waited for.
    vi.useFakeTimers();
    try {
      const a = fakeResponse();
      const b = fakeResponse();
      const sseA = new SseWriter(a.res, 's-a', 40);
      new SseWriter(b.res, 's-b', 40);
      const beats = (written: string[]) => written.filter((w) => w === ': keep-alive\n\n').length;
      vi.advanceTimersByTime(80);
      expect([beats(a.written), beats(b.written)]).toEqual([2, 2]);
      sseA.end({ kind: 'done' });
      b.res.emit('close');
      const counts = [a.written.length, b.written.length];
      vi.advanceTimersByTime(400);
      expect([a.written.length, b.written.length]).toEqual(counts);
    } finally {
      vi.useRealTimers();
    }
  });
});
