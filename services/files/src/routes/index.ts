import type { RouteDefinition } from '@innerview/kit';
import type { FilesContext } from '../files-context.ts';
import { exportRoutes } from './export-routes.ts';
import { fileRoutes } from './file-routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { uploadRoutes } from './upload-routes.ts';

/** Every HTTP route of the files service. */
export function routes(fc: FilesContext): RouteDefinition[] {
  return [...uploadRoutes(fc), ...fileRoutes(fc), ...internalRoutes(fc), ...exportRoutes(fc)];
}
