import type { RouteDefinition } from '@innerview/kit';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { answerRoutes } from './answer-routes.ts';
import { exportRoutes } from './export-routes.ts';
import { questionnaireRoutes } from './questionnaire-routes.ts';

/** Every HTTP route of the questionnaire service. */
export function routes(qc: QuestionnaireContext): RouteDefinition[] {
  return [...questionnaireRoutes(qc), ...answerRoutes(qc), ...exportRoutes(qc)];
}
