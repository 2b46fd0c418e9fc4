import { useToast } from '@innerview/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFiles, MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from './limits.ts';
import type { SelectedAttachment, SentAttachment, UploadResult } from './types.ts';
import { uploadErrorText } from './upload-errors.ts';
import { UploadError, uploadFile } from './upload-file.ts';

/** docs/product.md#sending-a-chat-message step 2 and docs/product.md#timing: the pause after uploads. */
export const UPLOAD_PAUSE_MS = 500;

export type UseAttachments = {
  attachments: SelectedAttachment[];
  add(files: File[]): void;
  remove(key: string): void;
  clear(): void;
  /**
   * Uploads all selected (selected→uploading→uploaded|error), then pauses 500 ms (docs/product.md#timing); rejects
   * if any upload fails (after marking it 'error' and a toast 'Upload Failed'); with nothing
   * selected resolves at once.
   */
  uploadAll(sessionId: string | null): Promise<UploadResult>;
};

let nextKey = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The files chosen for the next message and their uploads (docs/product.md#file-records "Selected file"). Files are
 * checked against the server's limits when added; each uploads in its own request, so each has
 * its own progress and outcome, and a retry uploads only those not uploaded yet.
 */
export function useAttachments(): UseAttachments {
  const { t, i18n } = useTranslation('attachments');
  const { toast } = useToast();
  const [attachments, setAttachments] = useState<SelectedAttachment[]>([]);
  // The latest list, for callbacks that run across renders (uploadAll awaits).
  const current = useRef(attachments);
  const update = useCallback((change: (list: SelectedAttachment[]) => SelectedAttachment[]) => {
    current.current = change(current.current);
    setAttachments(current.current);
  }, []);
  const patch = useCallback(
    (key: string, values: Partial<SelectedAttachment>) =>
      update((list) => list.map((a) => (a.key === key ? { ...a, ...values } : a))),
    [update],
  );

  const add = useCallback(
    (files: File[]) => {
      const { accepted, refused } = checkFiles(current.current, files);
      if (accepted.length > 0)
        update((list) => [
          ...list,
          ...accepted.map(
            (file): SelectedAttachment => ({
              key: `attachment-${++nextKey}`,
              file,
              name: file.name,
              size: file.size,
              type: file.type,
              status: 'selected',
              progress: 0,
            }),
          ),
        ]);
      for (const { name, reason } of refused)
        toast({
          title: t('refused.title', { name }),
          description: t(`refused.${reason}`, {
            max: MAX_FILES_PER_MESSAGE,
            size: new Intl.NumberFormat(i18n.resolvedLanguage, {
              style: 'unit',
              unit: 'megabyte',
              unitDisplay: 'short',
            }).format(MAX_FILE_BYTES / 1024 / 1024),
          }),
          variant: 'destructive',
        });
    },
    [i18n.resolvedLanguage, t, toast, update],
  );

  const remove = useCallback(
    (key: string) => update((list) => list.filter((a) => a.key !== key || a.status === 'uploading')),
    [update],
  );
  const clear = useCallback(() => update(() => []), [update]);

  const uploadAll = useCallback(
    async (sessionId: string | null): Promise<UploadResult> => {
      const list = current.current;
      if (list.length === 0) return { fileIds: [], sessionId, sent: [] };
      const pending = list.filter((a) => a.status !== 'uploaded');
      for (const a of pending) patch(a.key, { status: 'uploading', progress: 0, error: undefined });
      let boundTo = sessionId;
      const outcomes = await Promise.all(
        pending.map(async (a) => {
          try {
            const uploaded = await uploadFile({
              file: a.file,
              sessionId,
              onProgress: (progress) => patch(a.key, { progress }),
            });
            boundTo ??= uploaded.session_id;
            // The stored size: images are stored re-encoded without their metadata (ADR 70), and
            // the message shows what a reload will show.
            patch(a.key, { status: 'uploaded', progress: 1, fileId: uploaded.id, size: uploaded.size });
            return null;
          } catch (err) {
            const error = err instanceof UploadError ? uploadErrorText(err.error, t) : t('errors.network');
            patch(a.key, { status: 'error', error });
            return { name: a.name, error };
          }
        }),
      );
      const failed = outcomes.filter((o) => o !== null);
      if (failed.length > 0) {
        toast({
          title: t('uploadFailed'),
          description: failed.map((f) => `${f.name}: ${f.error}`).join('\n'),
          variant: 'destructive',
        });
        throw new Error('Upload Failed');
      }
      await sleep(UPLOAD_PAUSE_MS);
      const done = current.current.filter((a) => a.status === 'uploaded' && a.fileId);
      const sent: SentAttachment[] = done.map((a) => ({
        id: a.fileId!,
        name: a.name,
        size: a.size,
        type: a.type,
      }));
      return { fileIds: sent.map((s) => s.id), sessionId: boundTo, sent };
    },
    [patch, t, toast],
  );

  return useMemo(
    () => ({ attachments, add, remove, clear, uploadAll }),
    [attachments, add, remove, clear, uploadAll],
  );
}
