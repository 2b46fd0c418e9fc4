import { defineService } from '@innerview/kit';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

/** The files service: uploads, storage, per-session files, text extraction for the coach. */
export const filesService = defineService({
  name: 'files',
  defaultPort: 8105,
  routes,
  subscriptions,
  jobs: registerJobs,
});
