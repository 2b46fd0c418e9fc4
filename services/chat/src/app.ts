import { defineService } from '@innerview/kit';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

/** The chat service: chat sessions, transcripts, streaming replies from the coach model, personalisation, safety. */
export const chatService = defineService({
  name: 'chat',
  defaultPort: 8103,
  routes,
  subscriptions,
  jobs: registerJobs,
});
