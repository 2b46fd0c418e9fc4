import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import { exportQuestionnaire } from '../actions/export.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); only other services may call it (ADR 43). */
export function exportRoutes(qc: QuestionnaireContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: "the person's questionnaire status and answers, decrypted, for their data export",
      exportUser: (userId) => exportQuestionnaire(qc, userId),
    }),
  ];
}
