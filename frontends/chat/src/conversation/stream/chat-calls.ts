import { apiFetch } from '@innerview/api-client';

const SSE_HEADERS = { accept: 'text/event-stream' };

/** `POST /chat/stream` (docs/product.md#chat-calls): the reply as server-sent events; a new session when `sessionId` is null. */
export function postMessageStream(
  body: { message: string; sessionId: string | null; fileIds: string[]; language: string },
  signal: AbortSignal,
): Promise<Response> {
  return apiFetch('/chat/stream', {
    method: 'POST',
    headers: SSE_HEADERS,
    json: {
      message: body.message,
      session_id: body.sessionId,
      file_ids: body.fileIds.length > 0 ? body.fileIds : null,
      language: body.language,
    },
    signal,
  });
}

/** `GET /chat/stream/{id}/resume?after=<n>`: the pieces of the reply in flight after piece `after`. */
export function resumeReplyStream(sessionId: string, after: number, signal: AbortSignal): Promise<Response> {
  return apiFetch(
    `/chat/stream/${encodeURIComponent(sessionId)}/resume?after=${encodeURIComponent(String(after))}`,
    { headers: SSE_HEADERS, signal },
  );
}

/** `POST /chat-sessions/{id}/messages/{message_id}/edit`: the last message's new text, its new reply streamed. */
export function postEditStream(
  body: { sessionId: string; messageId: string; message: string; language: string },
  signal: AbortSignal,
): Promise<Response> {
  return apiFetch(
    `/chat-sessions/${encodeURIComponent(body.sessionId)}/messages/${encodeURIComponent(body.messageId)}/edit`,
    {
      method: 'POST',
      headers: SSE_HEADERS,
      json: { message: body.message, language: body.language },
      signal,
    },
  );
}

/** `POST /chat-sessions/{id}/regenerate`: a new reply to the last message, streamed. */
export function postRegenerateStream(
  body: { sessionId: string; language: string },
  signal: AbortSignal,
): Promise<Response> {
  return apiFetch(`/chat-sessions/${encodeURIComponent(body.sessionId)}/regenerate`, {
    method: 'POST',
    headers: SSE_HEADERS,
    json: { language: body.language },
    signal,
  });
}
