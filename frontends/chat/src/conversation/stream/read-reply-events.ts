import { CHAT_STREAM_DONE } from '@innerview/contracts/chat';
import { createParser } from 'eventsource-parser';

/** One numbered piece of a reply (`id: <n>` + `data: {"session_id","role","content"}`). */
export type ReplyPiece = { id: number; sessionId: string; content: string };

/** How reading one response ended. */
export type ReadEnd =
  | { kind: 'done' }
  /** `event: error` after the stream started: the server's `{ detail, code }`. */
  | { kind: 'error'; detail: string; code: string }
  /** The connection ended without an end marker: a cut, to be resumed. */
  | { kind: 'dropped' }
  | { kind: 'aborted' };

function parsePiece(id: string | undefined, data: string): ReplyPiece | null {
  try {
    const chunk = JSON.parse(data) as { session_id?: unknown; content?: unknown };
    const number = Number(id);
    if (typeof chunk.session_id !== 'string' || typeof chunk.content !== 'string') return null;
    // The server numbers every piece; a piece without a number cannot be placed and is skipped.
    if (id === undefined || !Number.isSafeInteger(number) || number < 0) return null;
    return { id: number, sessionId: chunk.session_id, content: chunk.content };
  } catch {
    return null;
  }
}

function parseError(data: string): { detail: string; code: string } {
  try {
    const body = JSON.parse(data) as { detail?: unknown; code?: unknown };
    return {
      detail: typeof body.detail === 'string' ? body.detail : '',
      code: typeof body.code === 'string' ? body.code : 'SERVER_ERROR',
    };
  } catch {
    return { detail: '', code: 'SERVER_ERROR' };
  }
}

/**
 * Reads a `text/event-stream` reply (docs/product.md#reply-streams stream format, with the event ids of the chat
 * service) and calls `onPiece` for each piece in order. Heartbeat comments are ignored. Aborting
 * `signal` cancels the body (fetch's own signal no longer reaches a body already being read).
 */
export async function readReplyEvents(
  response: Response,
  signal: AbortSignal,
  onPiece: (piece: ReplyPiece) => void,
): Promise<ReadEnd> {
  if (!response.body) return { kind: 'dropped' };
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  if (signal.aborted) cancel();
  signal.addEventListener('abort', cancel, { once: true });

  let end: ReadEnd | null = null;
  const parser = createParser({
    onEvent(event) {
      if (end) return;
      if (event.event === 'error') end = { kind: 'error', ...parseError(event.data) };
      else if (event.data === CHAT_STREAM_DONE) end = { kind: 'done' };
      else {
        const piece = parsePiece(event.id, event.data);
        if (piece) onPiece(piece);
      }
    },
  });
  const decoder = new TextDecoder();
  try {
    while (!end) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // A read that fails is a cut connection (or our own abort, told apart below).
  } finally {
    signal.removeEventListener('abort', cancel);
    if (end) cancel();
  }
  if (signal.aborted) return { kind: 'aborted' };
  return end ?? { kind: 'dropped' };
}
