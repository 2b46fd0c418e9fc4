import { defineService } from '@innerview/kit';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

/** The billing service: plans, prices, trial, subscriptions and their state machine, payment providers, webhooks, chat access and trial quota. */
export const billingService = defineService({
  name: 'billing',
  defaultPort: 8102,
  routes,
  subscriptions,
  jobs: registerJobs,
});
