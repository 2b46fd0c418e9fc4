import path from 'node:path';
import { createUserCrypto, loadOrCreateMasterKey } from '@innerview/crypto';
import { ConfigError } from '@innerview/kit';
import { dataKeys } from './db/schema.ts';
import { createTextExtractor } from './extraction/text-extractor.ts';
import type { FilesContext, FilesServiceContext } from './files-context.ts';
import { type ChatSessions, chatSessionsAt } from './sessions/chat-sessions.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createLocalDiskStorage } from './storage/local-disk-storage.ts';
import { createS3Storage } from './storage/s3-storage.ts';

/**
 * The service's keys, storage and extractor. With PostgreSQL (replicas) the master key must be
 * configured; an embedded run keeps generated ones under its data
 * directory; `memory://` (tests) keeps throw-away ones unless given.
 */
export interface FilesServiceOptions {
  /** How sessions are confirmed; the chat service at `chatUrl()` (default `CHAT_URL`) when absent. */
  chatSessions?: ChatSessions;
  /** The chat service's address when it is only known after start (embedded: chat starts after files). */
  chatUrl?: () => string | undefined;
}

export function filesContext(service: FilesServiceContext, options: FilesServiceOptions = {}): FilesContext {
  const config = service.config;
  const { DATABASE_URL, DATA_DIR } = config;
  if (DATABASE_URL?.startsWith('postgres') && !config.MASTER_KEY)
    throw new ConfigError('Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL');
  const throwAway = DATABASE_URL === 'memory://';
  const masterKeys = loadOrCreateMasterKey({
    value: config.MASTER_KEY,
    previous: config.MASTER_KEYS_PREVIOUS,
    file: throwAway ? undefined : path.join(DATA_DIR, 'files', 'master.key'),
  });
  return {
    service,
    crypto: createUserCrypto({
      db: service.db,
      table: dataKeys,
      masterKeys,
      now: () => service.clock.now().getTime(),
    }),
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
