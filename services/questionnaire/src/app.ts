import path from 'node:path';
import { serviceEventPayloadKeys, serviceUserCrypto } from '@innerview/crypto';
import { defineService } from '@innerview/kit';
import { questionnaireConfigSchema } from './config.ts';
import { dataKeys } from './db/schema.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import type { QuestionnaireContext, QuestionnaireServiceContext } from './questionnaire-context.ts';
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
    context: questionnaireContext,
    routes,
    subscriptions,
    jobs: registerJobs,
  });
}

/** The service's keys; with PostgreSQL (shared with chat) both are configured (config.ts). */
function questionnaireContext(service: QuestionnaireServiceContext): QuestionnaireContext {
  return {
    service,
    crypto: serviceUserCrypto(service, dataKeys),
    eventPayloadKeys: serviceEventPayloadKeys(service),
  };
}

export const questionnaireService = createQuestionnaireService();
