import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import { exportFiles } from '../actions/export.ts';
import type { FilesContext } from '../files-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); guarded by INTERNAL_TOKEN. */
export function exportRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    internalExportRoute({
      // The files service's own secret (the one chat's extracted-text call uses too).
      token: fc.internalToken,
      summary:
        "the person's file list (names, types, sizes, dates, sessions; no contents), for their data export",
      exportUser: (userId) => exportFiles(fc, userId),
    }),
  ];
}
