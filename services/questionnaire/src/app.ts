import path from 'node:path';
import { defineService } from '@innerview/kit';
import { questionnaireConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { questionnaireKeys } from './keys.ts';
import { routes } from './routes/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The questionnaire service: the 8-step reflective questionnaire (content in 5 languages), answers
 * encrypted per user, progress, submission.
 */
export function createQuestionnaireService() {
  return defineService({
    name: 'questionnaire',
    defaultPort: 8104,
    configSchema: questionnaireConfigSchema,
    migrationsFolder,
    context: questionnaireKeys,
    routes,
    subscriptions,
    jobs: registerJobs,
  });
}

export const questionnaireService = createQuestionnaireService();
