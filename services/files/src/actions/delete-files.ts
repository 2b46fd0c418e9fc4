import { HttpError, type Tx } from '@innerview/kit';
import { forgetBlobDeletion, queueBlobDeletions } from '../db/blob-deletions.ts';
import { forgetDeletedSessions, recordDeletedSession } from '../db/deleted-sessions.ts';
import { isErased } from '../db/erased.ts';
import {
  deleteFile,
  deleteSessionFiles,
  deleteUserFiles,
  lockSession,
  lockUserUploads,
} from '../db/files.ts';
import type { FilesContext } from '../files-context.ts';
import { sweepSoon } from './blob-sweep.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deletes the person's file: the row and the queue entry commit together, then the object goes. */
export async function deleteOwnFile(fc: FilesContext, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new HttpError(404);
  const key = await fc.service.transaction(async (tx) => {
    const removed = await deleteFile(tx, userId, id);
    if (removed) await queueBlobDeletions(tx, [removed], fc.service.clock.now());
    return removed;
  });
  if (!key) throw new HttpError(404);
  await fc.storage
    .delete(key)
    .then(() => forgetBlobDeletion(fc.service.db, key))
    .catch(() => sweepSoon(fc));
}

/**
 * `chat.session.deleted`: the session's files go with it, and no upload can join it any more. After
 * the person's erasure (the event came late: a retry, a replay) their files are gone already and the
 * deleted-session record would name them again: nothing to do.
 */
export async function removeSessionFiles(
  fc: FilesContext,
  userId: string,
  sessionId: string,
  tx: Tx,
): Promise<void> {
  await lockSession(tx, sessionId);
  // The erasure takes this lock too: it commits before this check or waits for this transaction.
  await lockUserUploads(tx, userId);
  if (await isErased(tx, userId)) return;
  const keys = await deleteSessionFiles(tx, userId, sessionId);
  await queueBlobDeletions(tx, keys, fc.service.clock.now());
  await recordDeletedSession(tx, userId, sessionId, fc.service.clock.now());
  if (keys.length > 0) await sweepSoon(fc);
}

/**
 * `auth.user.erased` (90 days after account deletion): every file of the person goes, and their
 * data key is destroyed, so any copy of the contents left anywhere (backups) cannot be read.
 */
export async function eraseUser(fc: FilesContext, userId: string, tx: Tx): Promise<void> {
  // Waits for an upload in flight to commit, so its files are erased too.
  await lockUserUploads(tx, userId);
  const keys = await deleteUserFiles(tx, userId);
  await queueBlobDeletions(tx, keys, fc.service.clock.now());
  await forgetDeletedSessions(tx, userId);
  await fc.crypto.destroyUserKey(userId, tx);
  if (keys.length > 0) await sweepSoon(fc);
}
