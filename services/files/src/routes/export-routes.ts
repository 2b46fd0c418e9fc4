import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import { exportFiles } from '../actions/export.ts';
import type { FilesContext } from '../files-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); only other services may call it (ADR 43). */
export function exportRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary:
        "the person's file list (names, types, sizes, dates, sessions; no contents), for their data export",
      exportUser: (userId) => exportFiles(fc, userId),
    }),
  ];
}
