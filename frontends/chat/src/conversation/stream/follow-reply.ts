import { type ApiError, ApiRequestError, mapTransportError } from '@innerview/api-client';
import { type ReplyPiece, readReplyEvents } from './read-reply-events.ts';
import type { SeenEvents } from './seen-events.ts';

/** How following a reply ended, as the conversation needs to know it. */
export type ReplyEnd =
  | { kind: 'done' }
  | { kind: 'stopped' }
  /** A failure before or after the stream started (HTTP error, `event: error`, no connection). */
  | { kind: 'failed'; error: ApiError }
  /** The reply is no longer followable (finished too long ago): the transcript has the rest. */
  | { kind: 'gone' };

export type FollowReplyOptions = {
  /** Identifies this reply in the de-duplication memory. */
  replyKey: string;
  seen: SeenEvents;
  /** Opens the stream: the POST of a message, or a resume from the start. */
  open: () => Promise<Response>;
  /** Re-opens it after a cut: `GET /chat/stream/{id}/resume?after=<n>`. */
  resume: (sessionId: string, after: number) => Promise<Response>;
  signal: AbortSignal;
  /** Each new piece once, in order (the opening piece `id: 0` carries the session id only). */
  onPiece: (piece: ReplyPiece) => void;
  /** Reconnection attempts after a cut before the reply counts as failed. */
  maxReconnects?: number;
  /** Pause before reconnect attempt `n` (1-based). */
  backoffMs?: (attempt: number) => number;
  /** Session already known (a send into it, or a resume); otherwise it comes with the first piece. */
  sessionId?: string | null;
  /** `open` is a resume: a 404 then means the reply finished too long ago (`gone`), not a failure. */
  resuming?: boolean;
};

function toApiError(err: unknown): ApiError {
  return err instanceof ApiRequestError ? err.toApiError() : mapTransportError(err);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Follows one reply to its end: reads the stream, and when the connection is cut (no end marker)
 * reconnects with the id of the last piece taken, so the rest arrives with no gap and nothing twice
 * (`seen` drops a piece already applied). An abort through `signal` ends it as `stopped`, never as
 * an error (docs/product.md#sending-a-chat-message: "An aborted stream raises no error").
 */
export async function followReply(options: FollowReplyOptions): Promise<ReplyEnd> {
  const { replyKey, seen, signal } = options;
  const maxReconnects = options.maxReconnects ?? 5;
  const backoff = options.backoffMs ?? ((n: number) => Math.min(4000, 300 * 2 ** (n - 1)));
  let sessionId = options.sessionId ?? null;
  let attempt = 0;
  let lastError: ApiError | null = null;

  const take = (piece: ReplyPiece) => {
    sessionId = piece.sessionId;
    if (seen.accept(replyKey, piece.id)) options.onPiece(piece);
  };

  let response: Response | null = null;
  try {
    response = await options.open();
  } catch (err) {
    if (signal.aborted) return { kind: 'stopped' };
    const error = toApiError(err);
    // A resume of a reply that already finished long ago: nothing left to follow.
    if (options.resuming && error.status === 404) return { kind: 'gone' };
    return { kind: 'failed', error };
  }

  for (;;) {
    if (response) {
      const before = seen.lastId(replyKey);
      const end = await readReplyEvents(response, signal, take);
      if (end.kind === 'done') return { kind: 'done' };
      if (end.kind === 'aborted') return { kind: 'stopped' };
      if (end.kind === 'error')
        return {
          kind: 'failed',
          error: { code: end.code, message: end.detail || 'An error occurred' },
        };
      // A connection that brought something new earns a fresh round of attempts.
      if (seen.lastId(replyKey) > before) attempt = 0;
    }
    // Cut before the session was known: nothing to resume from.
    if (!sessionId) return { kind: 'failed', error: lastError ?? mapTransportError(new TypeError('cut')) };
    attempt += 1;
    if (attempt > maxReconnects)
      return { kind: 'failed', error: lastError ?? mapTransportError(new TypeError('cut')) };
    await pause(backoff(attempt), signal);
    if (signal.aborted) return { kind: 'stopped' };
    try {
      response = await options.resume(sessionId, Math.max(0, seen.lastId(replyKey)));
    } catch (err) {
      if (signal.aborted) return { kind: 'stopped' };
      const error = toApiError(err);
      if (error.status === 404) return { kind: 'gone' };
      lastError = error;
      response = null;
    }
  }
}
