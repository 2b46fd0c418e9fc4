import { forgetBlobDeletion, pendingBlobDeletions } from '../db/blob-deletions.ts';
import type { FilesContext } from '../files-context.ts';

export const SWEEP_JOB = 'files.sweep-blobs';

/**
 * Removes the stored objects of deleted files (queued in `blob_deletions` with the rows' deletion)
 * and forgets each once gone; an object that cannot be removed now stays queued for the next sweep.
 */
export async function sweepBlobDeletions(fc: FilesContext, batch = 200): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = await pendingBlobDeletions(fc.service.db, batch);
    let failed = 0;
    for (const key of keys) {
      try {
        await fc.storage.delete(key);
        await forgetBlobDeletion(fc.service.db, key);
        removed++;
      } catch {
        failed++;
      }
    }
    if (failed > 0)
      fc.service.log.warn({ failed }, 'stored objects not removed yet; retried at the next sweep');
    if (keys.length < batch || failed > 0) return removed;
  }
}

/** Asks for a sweep shortly, once the transaction that queued the objects has committed. */
export async function sweepSoon(fc: FilesContext): Promise<void> {
  await fc.service.jobs.add(SWEEP_JOB, {}, { delayMs: 200 }).catch(() => {});
}
