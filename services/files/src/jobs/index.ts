import type { ServiceContext } from '@innerview/kit';

/** Job processors and repeating schedules of the files service. */
export function registerJobs(_ctx: ServiceContext): void {}
