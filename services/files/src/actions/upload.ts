import { HttpError } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import { ExtractionError } from '../adapters/extraction/text-extractor.ts';
import { newStorageKey } from '../adapters/storage/file-storage.ts';
import { queueBlobDeletions } from '../db/blob-deletions.ts';
import { isSessionDeleted } from '../db/deleted-sessions.ts';
import { type FileRow, insertFiles, lockSession, lockUserUploads, usageBytes } from '../db/files.ts';
import { detectFileKind, type FileKind, MEDIA_TYPES } from '../domain/detect-type.ts';
import { cleanFileName } from '../domain/file-name.ts';
import { fileErrorCodes as codes, type FileType, fileMessages as messages } from '../domain/limits.ts';
import { ImageFormatError, stripImageMetadata } from '../domain/strip-metadata.ts';
import type { ExtractedText } from '../domain/text.ts';
import type { FilesContext } from '../files-context.ts';
import { aadOf, type FileView, viewOf } from './file-view.ts';

export interface IncomingFile {
  /** As the client sent it; cleaned before use. */
  name: string;
  bytes: Buffer;
}

export interface UploadInput {
  userId: string;
  sessionId: string | null;
  fileType: FileType;
  description: string | null;
  files: IncomingFile[];
}

interface CheckedFile {
  name: string;
  kind: FileKind;
  bytes: Buffer;
  text: ExtractedText | null;
}

/**
 * Stores the files of one upload, all or none: each is recognised by its content, images lose
 * their metadata, documents are read for the coach (within the time limit), the quota is checked,
 * then contents, names and texts are encrypted under the person's key and stored under random names.
 */
export async function uploadFiles(fc: FilesContext, input: UploadInput): Promise<FileView[]> {
  const { service } = fc;
  const quota = service.config.FILES_QUOTA_BYTES;
  if (input.sessionId && !(await isOwnLiveSession(fc, input.userId, input.sessionId)))
    throw sessionNotFound();
  if ((await usageBytes(service.db, input.userId)) >= quota)
    throw new HttpError(413, messages.quotaExceeded(quota), codes.quotaExceeded);

  const checked: CheckedFile[] = [];
  for (const file of input.files) checked.push(await checkFile(fc, file));
  const incoming = checked.reduce((sum, f) => sum + f.bytes.length, 0);
  if ((await usageBytes(service.db, input.userId)) + incoming > quota)
    throw new HttpError(413, messages.quotaExceeded(quota), codes.quotaExceeded);

  // Encryption runs before the transaction (ADR 8: it uses the database itself for the key).
  const now = service.clock.now();
  const rows: FileRow[] = [];
  const blobs: Array<{ key: string; bytes: Buffer }> = [];
  for (const file of checked) {
    const id = uuidv7();
    const storageKey = newStorageKey();
    const { userId } = input;
    blobs.push({
      key: storageKey,
      bytes: await fc.crypto.encryptBytesForUser(userId, file.bytes, aadOf.content(id)),
    });
    rows.push({
      id,
      userId,
      sessionId: input.sessionId,
      fileType: input.fileType,
      mediaType: MEDIA_TYPES[file.kind],
      sizeBytes: file.bytes.length,
      storageKey,
      nameCiphertext: await fc.crypto.encryptForUser(userId, file.name, aadOf.name(id)),
      descriptionCiphertext:
        input.description === null
          ? null
          : await fc.crypto.encryptForUser(userId, input.description, aadOf.description(id)),
      textCiphertext: file.text
        ? await fc.crypto.encryptForUser(userId, file.text.text, aadOf.text(id))
        : null,
      textTruncated: file.text?.truncated ?? false,
      createdAt: now,
    });
  }

  const stored = await Promise.allSettled(blobs.map((b) => fc.storage.put(b.key, b.bytes)));
  const failed = stored.find((r) => r.status === 'rejected');
  if (failed) {
    await discardBlobs(
      fc,
      blobs.map((b) => b.key),
    );
    throw failed.reason;
  }
  try {
    await service.transaction(async (tx) => {
      if (input.sessionId) {
        await lockSession(tx, input.sessionId);
        // The deletion's event may have been handled since chat confirmed the session.
        if (await isSessionDeleted(tx, input.userId, input.sessionId)) throw sessionNotFound();
      }
      await lockUserUploads(tx, input.userId);
      if ((await usageBytes(tx, input.userId)) + incoming > quota)
        throw new HttpError(413, messages.quotaExceeded(quota), codes.quotaExceeded);
      await insertFiles(tx, rows);
    });
  } catch (err) {
    await discardBlobs(
      fc,
      blobs.map((b) => b.key),
    );
    throw err;
  }
  return rows.map((row, n) => viewOf(row, checked[n]!.name, input.description));
}

/**
 * Only the uploader's own session can take files (issue 18): chat confirms it. Another person's
 * session, a deleted one and an id that never existed get the same answer, so nobody learns which
 * ids exist.
 */
async function isOwnLiveSession(fc: FilesContext, userId: string, sessionId: string): Promise<boolean> {
  if (await isSessionDeleted(fc.service.db, userId, sessionId)) return false;
  return fc.chatSessions.isOwnSession(userId, sessionId);
}

const sessionNotFound = () => new HttpError(404, messages.sessionNotFound, codes.sessionNotFound);

async function checkFile(fc: FilesContext, file: IncomingFile): Promise<CheckedFile> {
  const name = cleanFileName(file.name);
  const detection = await detectFileKind(file.bytes, name);
  if (!detection.ok) {
    if (detection.reason === 'empty') throw new HttpError(422, fieldError(messages.empty(name)), codes.empty);
    if (detection.reason === 'bomb')
      throw new HttpError(422, fieldError(messages.zipBomb(name)), codes.unsafe);
    if (detection.reason === 'unreadable')
      throw new HttpError(422, fieldError(messages.unreadable(name)), codes.unreadable);
    throw new HttpError(415, messages.unsupportedType(name), codes.unsupportedType);
  }
  let bytes: Buffer;
  try {
    bytes = await stripImageMetadata(detection.kind, file.bytes);
  } catch (err) {
    if (err instanceof ImageFormatError) {
      fc.service.log.warn({ kind: detection.kind, reason: err.reason }, 'file refused: image not readable');
      throw new HttpError(422, fieldError(messages.unreadable(name)), codes.unreadable);
    }
    throw err;
  }
  let text: ExtractedText | null;
  try {
    text = await fc.extractor.extract(detection.kind, bytes);
  } catch (err) {
    if (err instanceof ExtractionError) {
      fc.service.log.warn({ kind: detection.kind, reason: err.reason }, 'file refused: text not readable');
      throw new HttpError(422, fieldError(messages.unreadable(name)), codes.unreadable);
    }
    throw err;
  }
  return { name, kind: detection.kind, bytes, text };
}

const fieldError = (msg: string) => [{ loc: ['body', 'files'], msg, type: 'value_error' }];

/** Objects of an upload that did not commit: removed now, or queued for the sweep if that fails. */
async function discardBlobs(fc: FilesContext, keys: string[]): Promise<void> {
  const left: string[] = [];
  for (const key of keys) await fc.storage.delete(key).catch(() => left.push(key));
  if (left.length > 0) await queueBlobDeletions(fc.service.db, left, fc.service.clock.now());
}
