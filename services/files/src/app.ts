import path from 'node:path';
import { defineService } from '@innerview/kit';
import { filesConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import type { FilesContext, FilesServiceContext } from './files-context.ts';
import { registerJobs } from './jobs/index.ts';
import { type FilesServiceOptions, filesContext } from './keys.ts';
import { routes } from './routes/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The files service: uploads (type by content, limits, quota), storage on disk or S3-compatible,
 * encrypted per user, text extraction for the coach, removal with sessions and at erasure.
 */
export function createFilesService(options: FilesServiceOptions = {}) {
  const contexts = new WeakMap<FilesServiceContext, FilesContext>();
  const contextFor = (service: FilesServiceContext): FilesContext => {
    let fc = contexts.get(service);
    if (!fc) {
      fc = filesContext(service, options);
      contexts.set(service, fc);
    }
    return fc;
  };
  return defineService({
    name: 'files',
    defaultPort: 8105,
    configSchema: filesConfigSchema,
    migrationsFolder,
    routes: (ctx) => routes(contextFor(ctx)),
    subscriptions: (ctx) => subscriptions(contextFor(ctx)),
    jobs: (ctx) => registerJobs(contextFor(ctx)),
    readiness: (ctx) => ({ storage: () => contextFor(ctx).storage.ping() }),
  });
}

export const filesService = createFilesService();
