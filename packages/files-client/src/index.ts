import type { CallSigner } from '@innerview/kit/trust';
import { z } from 'zod';

/** One attachment as the files service gives it to the chat service. */
export const ExtractedText = z.object({
  id: z.string(),
  name: z.string(),
  /** The media type detected at upload, e.g. `application/pdf`, `image/png`. */
  type: z.string(),
  /** Bytes as uploaded (absent from an older files service). */
  size: z.number().int().nonnegative().optional(),
  /** The text read at upload (PDF, DOCX, TXT, MD); null for images. */
  text: z.string().nullable(),
  image: z.boolean(),
  /** The text was cut at 50 pages or 200 000 characters. */
  truncated: z.boolean(),
  /** Base64 of the image, only with `includeImageData`. */
  image_data: z.string().optional(),
});
export type ExtractedText = z.infer<typeof ExtractedText>;

/**
 * The call failed. `status` is the files service's HTTP status (404: a file id that is not the
 * user's; 422: a file of another session; 401: a call not signed), or 0 when there was no answer
 * (`code` then says TIMEOUT, ABORTED or NETWORK_ERROR).
 */
export class FilesClientError extends Error {
  override name = 'FilesClientError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface FetchExtractedTextsOptions {
  /** The files service's base URL (its own, not the gateway's), e.g. `http://files:8105`. */
  baseUrl: string;
  /** The calling service's signer (`ctx.calls`): the call is signed for `userId` (ADR 43). */
  calls: CallSigner;
  userId: string;
  fileIds: string[];
  /** The session the message is sent in: files of another session are refused, unbound ones join it. */
  sessionId?: string | null;
  /** Give up after this long (default 5000 ms). */
  timeoutMs?: number;
  /** Aborts the call too (e.g. the reply was stopped). */
  signal?: AbortSignal;
  /** Adds `image_data` to images, for a model that accepts images. */
  includeImageData?: boolean;
}

/**
 * The chat service's call for the extracted texts of a message's `file_ids`: one item per distinct
 * id, in order. Throws `FilesClientError` on any failure; it never retries.
 */
export async function fetchExtractedTexts(options: FetchExtractedTextsOptions): Promise<ExtractedText[]> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    const url = new URL('/internal/extracted-text', options.baseUrl);
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...options.calls.headers('POST', url, { userId: options.userId }),
      },
      body: JSON.stringify({
        user_id: options.userId,
        file_ids: options.fileIds,
        session_id: options.sessionId ?? null,
        include_image_data: options.includeImageData ?? false,
      }),
      signal,
    });
  } catch {
    if (timeout.aborted)
      throw new FilesClientError(0, 'TIMEOUT', `files service did not answer within ${timeoutMs} ms`);
    if (options.signal?.aborted) throw new FilesClientError(0, 'ABORTED', 'aborted');
    throw new FilesClientError(0, 'NETWORK_ERROR', 'files service unreachable');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    if (timeout.aborted)
      throw new FilesClientError(0, 'TIMEOUT', `files service did not answer within ${timeoutMs} ms`);
    throw new FilesClientError(response.status, 'SERVER_ERROR', 'files service answered without JSON');
  }
  if (!response.ok) {
    const error = body as { detail?: unknown; code?: unknown };
    const detail = Array.isArray(error.detail) ? error.detail[0]?.msg : error.detail;
    throw new FilesClientError(
      response.status,
      typeof error.code === 'string' ? error.code : 'SERVER_ERROR',
      typeof detail === 'string' ? detail : `files service answered ${response.status}`,
    );
  }
  const parsed = z.array(ExtractedText).safeParse(body);
  if (!parsed.success)
    throw new FilesClientError(response.status, 'SERVER_ERROR', 'unexpected answer from files');
  return parsed.data;
}
