import type { SelectedAttachment, UploadResult } from './types.ts';

export type UseAttachments = {
  attachments: SelectedAttachment[];
  add(files: File[]): void;
  remove(key: string): void;
  clear(): void;
  /**
   * Uploads all selected (selected→uploading→uploaded|error), then pauses 500 ms (spec §9); rejects
   * if any upload fails (after marking it 'error' and a toast 'Upload Failed'); with nothing
   * selected resolves at once.
   */
  uploadAll(sessionId: string | null): Promise<UploadResult>;
};

// Placeholder until the working hook lands (same signature).
export function useAttachments(): UseAttachments {
  return {
    attachments: [],
    add() {},
    remove() {},
    clear() {},
    async uploadAll(sessionId) {
      return { fileIds: [], sessionId, sent: [] };
    },
  };
}
