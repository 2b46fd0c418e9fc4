import path from 'node:path';
import { serviceUserCrypto } from '@innerview/crypto';
import { ConfigError, defineService } from '@innerview/kit';
import { createTextExtractor } from './adapters/extraction/text-extractor.ts';
import { type ChatSessions, chatSessionsAt } from './adapters/sessions/chat-sessions.ts';
import type { FileStorage } from './adapters/storage/file-storage.ts';
import { createLocalDiskStorage } from './adapters/storage/local-disk-storage.ts';
import { createS3Storage } from './adapters/storage/s3-storage.ts';
import { filesConfigSchema } from './config.ts';
import { dataKeys } from './db/schema.ts';
import { subscriptions } from './events/subscriptions.ts';
import type { FilesContext, FilesServiceContext } from './files-context.ts';
import { registerJobs } from './jobs/index.ts';
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

/** What the embedded runner and tests give the service instead of its configuration. */
export interface FilesServiceOptions {
  /** How sessions are confirmed; the chat service at `chatUrl()` (default `CHAT_URL`) when absent. */
  chatSessions?: ChatSessions;
  /** The chat service's address when it is only known after start (embedded: chat starts after files). */
  chatUrl?: () => string | undefined;
}

/** The service's keys (the master key configured with PostgreSQL, config.ts), storage and extractor. */
export function filesContext(service: FilesServiceContext, options: FilesServiceOptions = {}): FilesContext {
  const config = service.config;
  return {
    service,
    crypto: serviceUserCrypto(service, dataKeys),
    storage: createStorage(service),
    extractor: createTextExtractor({
      timeoutMs: config.FILES_EXTRACTION_TIMEOUT_MS,
      concurrency: config.FILES_EXTRACTION_CONCURRENCY,
    }),
    chatSessions:
      options.chatSessions ??
      chatSessionsAt({
        baseUrl: options.chatUrl ?? (() => config.CHAT_URL),
        calls: service.calls,
        log: service.log,
      }),
  };
}

function createStorage(service: FilesServiceContext): FileStorage {
  const config = service.config;
  const kind = config.FILES_STORAGE ?? (config.S3_BUCKET ? 's3' : 'local');
  if (kind === 'local')
    return createLocalDiskStorage(config.FILES_DIR ?? path.join(config.DATA_DIR, 'files', 'blobs'));
  if (!config.S3_BUCKET)
    throw new ConfigError('Invalid configuration: S3_BUCKET: required when FILES_STORAGE=s3');
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
