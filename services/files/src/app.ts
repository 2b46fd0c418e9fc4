import path from 'node:path';
import { defineService } from '@innerview/kit';
import { filesConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { type FilesServiceOptions, filesContext } from './keys.ts';
import { routes } from './routes/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The files service: uploads (type by content, limits, quota), storage on disk or S3-compatible,
 * encrypted per user, text extraction for the coach, removal with sessions and at erasure.
 */
export function createFilesService(options: FilesServiceOptions = {}) {
  return defineService({
    name: 'files',
    defaultPort: 8105,
    configSchema: filesConfigSchema,
    migrationsFolder,
    context: (service) => filesContext(service, options),
    routes,
    subscriptions,
    jobs: registerJobs,
    readiness: (files) => ({ storage: () => files.storage.ping() }),
  });
}

export const filesService = createFilesService();
