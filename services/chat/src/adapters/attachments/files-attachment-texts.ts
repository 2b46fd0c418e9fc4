import { FilesClientError, fetchExtractedTexts } from '@innerview/files-client';
import type { Logger } from '@innerview/kit';
import type { CallSigner } from '@innerview/kit/trust';
import {
  type AttachmentsRead,
  AttachmentsRefused,
  type AttachmentTexts,
  type ReadAttachmentsInput,
} from './attachment-texts.ts';

export interface FilesAttachmentTextsOptions {
  /** The files service's own address (`FILES_URL`). */
  baseUrl: string;
  /** Signs the call for the person whose files are read (ADR 43). */
  calls: CallSigner;
  timeoutMs: number;
  log: Logger;
}

/**
 * Attachments read from the files service (`POST /internal/extracted-text`), which checks
 * ownership: another person's file (404) or a file of another session (422) refuses the send;
 * the service down, slow or refusing our signature makes the files unreadable (the coach says so),
 * never a failed reply. Logs carry ids and codes, never names or texts.
 */
export function filesAttachmentTexts(options: FilesAttachmentTextsOptions): AttachmentTexts {
  return {
    async read(input: ReadAttachmentsInput): Promise<AttachmentsRead> {
      try {
        const items = await fetchExtractedTexts({
          baseUrl: options.baseUrl,
          calls: options.calls,
          userId: input.userId,
          fileIds: input.fileIds,
          sessionId: input.sessionId,
          timeoutMs: options.timeoutMs,
          includeImageData: input.includeImages,
          ...(input.signal ? { signal: input.signal } : {}),
        });
        return {
          unreadable: false,
          files: items.map((item) => ({
            id: item.id,
            name: item.name,
            type: item.type,
            ...(item.size === undefined ? {} : { size: item.size }),
            text: item.text,
            image: item.image,
            ...(item.image_data ? { imageData: item.image_data } : {}),
          })),
        };
      } catch (err) {
        if (err instanceof FilesClientError && err.status === 404)
          throw new AttachmentsRefused(404, 'NOT_FOUND', 'File not found');
        if (err instanceof FilesClientError && err.status === 422 && err.code === 'FILE_NOT_IN_SESSION')
          throw new AttachmentsRefused(422, err.code, 'A file belongs to another chat session');
        const { status, code } = err instanceof FilesClientError ? err : { status: 0, code: 'UNKNOWN' };
        options.log.warn({ status, code, files: input.fileIds.length }, 'attachments could not be read');
        return { files: [], unreadable: true };
      }
    },
  };
}
