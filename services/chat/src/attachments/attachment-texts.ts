import type { AttachmentText } from '../domain/coach-context.ts';

/**
 * The port through which the coach reads the extracted text of files attached to a message. The
 * files service (its own issue) will answer it with a synchronous internal call with a time-out;
 * until then `unavailableAttachmentTexts` says there is nothing to read, and the coach says so.
 */
export interface AttachmentTexts {
  /** Whether texts can be read at all (false: the coach tells the person it cannot read files). */
  readonly available: boolean;
  /** The texts of the user's files among `fileIds` (others' files are skipped, never read). */
  textsFor(userId: string, fileIds: string[], signal: AbortSignal): Promise<AttachmentText[]>;
}

export const unavailableAttachmentTexts: AttachmentTexts = {
  available: false,
  async textsFor() {
    return [];
  },
};
