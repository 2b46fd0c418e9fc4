import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute, internalTokenFor } from '@innerview/kit/internal';
import { exportQuestionnaire } from '../actions/export.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); guarded by INTERNAL_TOKEN. */
export function exportRoutes(qc: QuestionnaireContext): RouteDefinition[] {
  return [
    internalExportRoute({
      token: internalTokenFor(qc.service.config),
      summary: "the person's questionnaire status and answers, decrypted, for their data export",
      exportUser: (userId) => exportQuestionnaire(qc, userId),
    }),
  ];
}
