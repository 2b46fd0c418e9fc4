import { HttpError } from '@innerview/kit';
import { attachToSession, findFiles } from '../db/files.ts';
import { IMAGE_KINDS, kindOfMediaType } from '../domain/detect-type.ts';
import { fileErrorCodes as codes, fileMessages as messages } from '../domain/limits.ts';
import type { FilesContext } from '../files-context.ts';
import { aadOf } from './file-view.ts';

/** One attachment as the chat service reads it for the coach. */
export interface ExtractedTextItem {
  id: string;
  name: string;
  /** The media type detected at upload. */
  type: string;
  /** Bytes as uploaded: the chat's note keeps it, so a reloaded chip still shows the size. */
  size: number;
  /** The text read at upload; null for images. */
  text: string | null;
  image: boolean;
  /** The text was cut at 50 pages or 200 000 characters. */
  truncated: boolean;
  /** Base64 of the (metadata-free) image, only when asked for with `include_image_data`. */
  image_data?: string;
}

/**
 * The texts of `fileIds` for the coach. Every id must be the person's (else 404 naming it) and,
 * with `sessionId`, of that session or of none yet (else 422); files of no session then join it,
 * so they are removed with it.
 */
export async function extractedTexts(
  fc: FilesContext,
  input: { userId: string; fileIds: string[]; sessionId?: string; includeImageData: boolean },
): Promise<ExtractedTextItem[]> {
  const { userId } = input;
  const ids = [...new Set(input.fileIds)];
  const rows = await findFiles(fc.service.db, userId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new HttpError(404, messages.fileNotFound(missing));
  if (input.sessionId) {
    const elsewhere = rows.find((row) => row.sessionId !== null && row.sessionId !== input.sessionId);
    if (elsewhere)
      throw new HttpError(
        422,
        [{ loc: ['body', 'file_ids'], msg: messages.notInSession(elsewhere.id), type: 'value_error' }],
        codes.notInSession,
      );
    await attachToSession(
      fc.service.db,
      userId,
      rows.filter((row) => row.sessionId === null).map((row) => row.id),
      input.sessionId,
    );
  }
  return Promise.all(
    ids.map(async (id) => {
      const row = byId.get(id)!;
      const kind = kindOfMediaType(row.mediaType);
      const image = kind !== undefined && IMAGE_KINDS.has(kind);
      const item: ExtractedTextItem = {
        id,
        name: await fc.crypto.decryptForUser(userId, row.nameCiphertext, aadOf.name(id)),
        type: row.mediaType,
        size: row.sizeBytes,
        text:
          row.textCiphertext === null
            ? null
            : await fc.crypto.decryptForUser(userId, row.textCiphertext, aadOf.text(id)),
        image,
        truncated: row.textTruncated,
      };
      if (image && input.includeImageData) {
        const stored = await fc.storage.get(row.storageKey);
        item.image_data = (await fc.crypto.decryptBytesForUser(userId, stored, aadOf.content(id))).toString(
          'base64',
        );
      }
      return item;
    }),
  );
}
