import { defineService } from '@innerview/kit';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

/** The auth service: users, sign-up, e-mail verification, login and lockout, tokens, passwords, profile, settings, onboarding status. */
export const authService = defineService({
  name: 'auth',
  defaultPort: 8101,
  routes,
  subscriptions,
  jobs: registerJobs,
});
