import path from 'node:path';
import { defineService } from '@innerview/kit';
import { questionnaireConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { questionnaireKeys } from './keys.ts';
import type { QuestionnaireContext, QuestionnaireServiceContext } from './questionnaire-context.ts';
import { routes } from './routes/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The questionnaire service: the 8-step reflective questionnaire (content in 5 languages), answers
 * encrypted per user, progress, submission.
 */
export function createQuestionnaireService() {
  const contexts = new WeakMap<QuestionnaireServiceContext, QuestionnaireContext>();
  const contextFor = (service: QuestionnaireServiceContext): QuestionnaireContext => {
    let qc = contexts.get(service);
    if (!qc) {
      qc = questionnaireKeys(service);
      contexts.set(service, qc);
    }
    return qc;
  };
  return defineService({
    name: 'questionnaire',
    defaultPort: 8104,
    configSchema: questionnaireConfigSchema,
    migrationsFolder,
    routes: (ctx) => routes(contextFor(ctx)),
    subscriptions: (ctx) => subscriptions(contextFor(ctx)),
    jobs: (ctx) => registerJobs(contextFor(ctx)),
  });
}

export const questionnaireService = createQuestionnaireService();
