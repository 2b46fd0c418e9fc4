import type { UserCrypto } from '@innerview/crypto';
import type { BaseConfig, ServiceContext } from '@innerview/kit';
import type { TextExtractor } from './adapters/extraction/text-extractor.ts';
import type { ChatSessions } from './adapters/sessions/chat-sessions.ts';
import type { FileStorage } from './adapters/storage/file-storage.ts';
import type { FilesConfig } from './config.ts';

export type FilesServiceContext = ServiceContext<FilesConfig & BaseConfig>;

/** What the files service's actions share: the kit's context, its keys, storage and extractor. */
export interface FilesContext {
  service: FilesServiceContext;
  /** Encrypts contents, names, descriptions and texts under each person's data key. */
  crypto: UserCrypto;
  storage: FileStorage;
  extractor: TextExtractor;
  /** Confirms that a session named by an upload is the uploader's. */
  chatSessions: ChatSessions;
}
