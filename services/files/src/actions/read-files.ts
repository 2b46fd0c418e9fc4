import { HttpError } from '@innerview/kit';
import { StoredObjectNotFoundError } from '../adapters/storage/file-storage.ts';
import { findFile, listFiles } from '../db/files.ts';
import type { FilesContext } from '../files-context.ts';
import { aadOf, type FileView, fileView } from './file-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person's file, or a 404 (also for someone else's, and for an id that cannot be one). */
async function ownFile(fc: FilesContext, userId: string, id: string) {
  const row = UUID.test(id) ? await findFile(fc.service.db, userId, id) : undefined;
  if (!row) throw new HttpError(404);
  return row;
}

export async function listOwnFiles(
  fc: FilesContext,
  userId: string,
  options: { sessionId?: string; limit: number; offset: number },
): Promise<FileView[]> {
  const rows = await listFiles(fc.service.db, userId, options);
  return Promise.all(rows.map((row) => fileView(fc, row)));
}

export async function getOwnFile(fc: FilesContext, userId: string, id: string): Promise<FileView> {
  return fileView(fc, await ownFile(fc, userId, id));
}

/** The person's file, decrypted, for download. */
export async function readOwnFile(
  fc: FilesContext,
  userId: string,
  id: string,
): Promise<{ view: FileView; bytes: Buffer }> {
  const row = await ownFile(fc, userId, id);
  let stored: Buffer;
  try {
    stored = await fc.storage.get(row.storageKey);
  } catch (err) {
    // A row whose object is gone (deleted meanwhile) is as good as deleted.
    if (err instanceof StoredObjectNotFoundError) throw new HttpError(404);
    throw err;
  }
  const bytes = await fc.crypto.decryptBytesForUser(userId, stored, aadOf.content(row.id));
  return { view: await fileView(fc, row), bytes };
}
