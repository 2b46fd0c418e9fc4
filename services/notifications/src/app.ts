import path from 'node:path';
import { defineService } from '@innerview/kit';
import { notificationsConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { notificationsContext } from './notifications-context.ts';
import { routes } from './routes/index.ts';

/** The notifications service: every e-mail and the schedules that send them. */
export const notificationsService = defineService({
  name: 'notifications',
  defaultPort: 8106,
  configSchema: notificationsConfigSchema,
  migrationsFolder: path.resolve(import.meta.dirname, '../drizzle'),
  context: notificationsContext,
  routes,
  subscriptions,
  jobs: registerJobs,
});
