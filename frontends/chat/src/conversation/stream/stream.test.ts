import { ApiRequestError } from '@innerview/api-client';
import { describe, expect, it, vi } from 'vitest';
import { followReply } from './follow-reply.ts';
import { readReplyEvents } from './read-reply-events.ts';
import { SEEN_EVENTS_LIMIT, SeenEvents } from './seen-events.ts';

const SESSION = '0190f0a0-0000-7000-8000-00000000abcd';

function piece(id: number, content: string): string {
  return `id: ${id}\ndata: ${JSON.stringify({ session_id: SESSION, role: 'assistant', content })}\n\n`;
}

/** A streamed response whose body is `parts` (split where given, to cross event boundaries). */
function sse(parts: string[], options: { cut?: boolean } = {}): Response {
  const encoder = new TextEncoder();
  const queue = [...parts];
  // Pulled one part at a time, so a cut comes after the parts were read (an error drops the queue).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(encoder.encode(next));
      else if (options.cut) controller.error(new TypeError('network connection was lost'));
      else controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('SeenEvents (stream de-duplication)', () => {
  it('takes a piece once and refuses a repeat or an older piece of the same reply', () => {
    const seen = new SeenEvents();
    expect(seen.accept('r1', 1)).toBe(true);
    expect(seen.accept('r1', 1)).toBe(false);
    expect(seen.accept('r1', 2)).toBe(true);
    expect(seen.accept('r1', 1)).toBe(false);
    // Another reply numbers its pieces from the start again.
    expect(seen.accept('r2', 1)).toBe(true);
    expect(seen.lastId('r1')).toBe(2);
    expect(seen.lastId('r3')).toBe(-1);
  });

  it(`clears its memory when it grows above ${SEEN_EVENTS_LIMIT} entries (docs/product.md#numbers-and-limits), still refusing old pieces`, () => {
    const seen = new SeenEvents();
    for (let id = 1; id <= SEEN_EVENTS_LIMIT; id += 1) seen.accept('long', id);
    expect(seen.size).toBe(SEEN_EVENTS_LIMIT);
    expect(seen.accept('long', SEEN_EVENTS_LIMIT + 1)).toBe(true);
    expect(seen.size).toBe(0);
    expect(seen.accept('long', SEEN_EVENTS_LIMIT + 2)).toBe(true);
    expect(seen.size).toBe(1);
    // The memory is gone, the position is not: a piece already applied is still refused.
    expect(seen.accept('long', 500)).toBe(false);
  });
});

describe('readReplyEvents', () => {
  it('reads numbered pieces split anywhere, skips heartbeats, and ends at [DONE]', async () => {
    const body = `${piece(0, '')}: keep-alive\n\n${piece(1, 'Hello')}${piece(2, ' there')}data: [DONE]\n\n`;
    const pieces: string[] = [];
    const end = await readReplyEvents(
      sse([body.slice(0, 7), body.slice(7, 50), body.slice(50)]),
      new AbortController().signal,
      (p) => pieces.push(`${p.id}:${p.content}`),
    );
    expect(end).toEqual({ kind: 'done' });
    expect(pieces).toEqual(['0:', '1:Hello', '2: there']);
  });

  it('reports an error event with its detail and code', async () => {
    const end = await readReplyEvents(
      sse([
        piece(1, 'Hal'),
        'event: error\ndata: {"detail":"The coach could not answer","code":"SERVICE_UNAVAILABLE"}\n\n',
      ]),
      new AbortController().signal,
      () => {},
    );
    expect(end).toEqual({ kind: 'error', detail: 'The coach could not answer', code: 'SERVICE_UNAVAILABLE' });
  });

  it('tells a cut connection (no end marker) from an abort', async () => {
    expect(
      await readReplyEvents(sse([piece(1, 'a')], { cut: true }), new AbortController().signal, () => {}),
    ).toEqual({ kind: 'dropped' });
    expect(await readReplyEvents(sse([piece(1, 'a')]), new AbortController().signal, () => {})).toEqual({
      kind: 'dropped',
    });
    const controller = new AbortController();
    controller.abort();
    expect(await readReplyEvents(sse([piece(1, 'a')]), controller.signal, () => {})).toEqual({
      kind: 'aborted',
    });
  });
});

describe('followReply', () => {
  it('resumes a cut stream after the last piece taken: no gap, nothing twice', async () => {
    const resume = vi.fn(async (_session: string, after: number) => {
      // The server sends from `after` on; an overlapping piece (2) is dropped by the memory.
      expect(after).toBe(2);
      return sse([piece(2, ' world'), piece(3, '!'), 'data: [DONE]\n\n']);
    });
    const text: string[] = [];
    const end = await followReply({
      replyKey: 'a1',
      seen: new SeenEvents(),
      open: async () => sse([piece(0, ''), piece(1, 'Hello'), piece(2, ' world')], { cut: true }),
      resume,
      signal: new AbortController().signal,
      onPiece: (p) => text.push(p.content),
      backoffMs: () => 0,
    });
    expect(end).toEqual({ kind: 'done' });
    expect(text.join('')).toBe('Hello world!');
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('ends as stopped, not as an error, when aborted', async () => {
    const controller = new AbortController();
    const end = await followReply({
      replyKey: 'a2',
      seen: new SeenEvents(),
      open: async () => {
        controller.abort();
        throw new ApiRequestError({ code: 'ABORTED', message: 'Request was cancelled' });
      },
      resume: vi.fn(),
      signal: controller.signal,
      onPiece: () => {},
    });
    expect(end).toEqual({ kind: 'stopped' });
  });

  it('passes an HTTP refusal on as a failure with its mapped error', async () => {
    const refusal = new ApiRequestError({
      code: 'FORBIDDEN',
      message: 'Your free trial has ended.',
      status: 403,
      details: { code: 'SUBSCRIPTION_EXPIRED', reason: 'trial_expired' },
    });
    const end = await followReply({
      replyKey: 'a3',
      seen: new SeenEvents(),
      open: async () => {
        throw refusal;
      },
      resume: vi.fn(),
      signal: new AbortController().signal,
      onPiece: () => {},
    });
    expect(end).toMatchObject({
      kind: 'failed',
      error: { status: 403, details: { reason: 'trial_expired' } },
    });
  });

  it('gives up after its reconnect attempts, and says "gone" when the reply is no longer followable', async () => {
    const cut = () => sse([piece(0, '')], { cut: true });
    const network = new ApiRequestError({ code: 'NETWORK_ERROR', message: 'Network error.' });
    const failing = await followReply({
      replyKey: 'a4',
      seen: new SeenEvents(),
      open: async () => cut(),
      resume: vi.fn(async () => {
        throw network;
      }),
      signal: new AbortController().signal,
      onPiece: () => {},
      maxReconnects: 2,
      backoffMs: () => 0,
    });
    expect(failing).toMatchObject({ kind: 'failed', error: { code: 'NETWORK_ERROR' } });

    const gone = await followReply({
      replyKey: 'a5',
      seen: new SeenEvents(),
      open: async () => cut(),
      resume: async () => {
        throw new ApiRequestError({ code: 'NOT_FOUND', message: 'gone', status: 404 });
      },
      signal: new AbortController().signal,
      onPiece: () => {},
      backoffMs: () => 0,
    });
    expect(gone).toEqual({ kind: 'gone' });
  });
});
