import { type ApiError, apiUrl, mapHttpError, mapTransportError, readToken } from '@innerview/api-client';

export const UPLOAD_TIMEOUT_MS = 120_000;

/** One file as the files service answers an upload (docs/product.md#file-records "File upload"). */
export type UploadedFile = {
  id: string;
  session_id: string | null;
  name: string;
  size: number;
  type: string;
};

export type UploadOptions = {
  file: File;
  sessionId: string | null;
  /** 0..1 as the bytes go out. */
  onProgress(fraction: number): void;
};

/** Rejects with this: the spec's error shape (code, message from the server's `detail`). */
export class UploadError extends Error {
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(error.message);
    this.name = 'UploadError';
    this.error = error;
  }
}

/**
 * Uploads one file to `POST /files/upload-multiple-to-session` (file_type chat_storage) with
 * XMLHttpRequest, the one browser API that reports upload progress; the bearer token is the
 * api-client's. Fetch cannot report upload progress, which is why this is not an RTK Query call.
 */
export function uploadFile({ file, sessionId, onProgress }: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/files/upload-multiple-to-session'));
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    // Longer than the API time-out of other calls (docs/product.md#timing: 30 s): five 10 MB files on a slow line.
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      const uploaded = (body as { files?: UploadedFile[] } | undefined)?.files?.[0];
      if (xhr.status >= 200 && xhr.status < 300 && uploaded) {
        onProgress(1);
        resolve(uploaded);
      } else reject(new UploadError(mapHttpError(xhr.status, body)));
    };
    xhr.onerror = () => reject(new UploadError(mapTransportError(new TypeError('Failed to fetch'))));
    xhr.ontimeout = () =>
      reject(new UploadError(mapTransportError(new DOMException('timeout', 'TimeoutError'))));
    const form = new FormData();
    form.append('file_type', 'chat_storage');
    if (sessionId) form.append('session_id', sessionId);
    form.append('files', file, file.name);
    xhr.send(form);
  });
}
