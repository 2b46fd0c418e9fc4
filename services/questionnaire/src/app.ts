import { defineService } from '@innerview/kit';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

/** The questionnaire service: the 8-step reflective questionnaire: content, answers, progress, submission. */
export const questionnaireService = defineService({
  name: 'questionnaire',
  defaultPort: 8104,
  routes,
  subscriptions,
  jobs: registerJobs,
});
