import { SWEEP_JOB, sweepBlobDeletions } from '../actions/blob-sweep.ts';
import type { FilesContext } from '../files-context.ts';

/** Job processors and repeating schedules of the files service. */
export async function registerJobs(fc: FilesContext): Promise<void> {
  fc.service.jobs.process(SWEEP_JOB, async () => {
    await sweepBlobDeletions(fc);
  });
  await fc.service.jobs.repeat(SWEEP_JOB, { everyMs: fc.service.config.FILES_SWEEP_INTERVAL_MS });
}
