import type { ApiError } from '@innerview/api-client';
import type { TFunction } from 'i18next';

/** The files service's refusals the person can act on, by its `code` (services/files README). */
const KNOWN_CODES: Record<string, string> = {
  FILE_TOO_LARGE: 'errors.tooLarge',
  STORAGE_QUOTA_EXCEEDED: 'errors.quota',
  UNSUPPORTED_FILE_TYPE: 'errors.type',
  TOO_MANY_FILES: 'errors.tooMany',
  UNSAFE_FILE: 'errors.unsafe',
  FILE_NOT_READABLE: 'errors.unreadable',
  EMPTY_FILE: 'errors.empty',
  SESSION_NOT_FOUND: 'errors.sessionDeleted',
  NETWORK_ERROR: 'errors.network',
  TIMEOUT_ERROR: 'errors.network',
};

/** Why an upload failed, for the person: a translated text for known refusals, else the server's message. */
export function uploadErrorText(error: ApiError, t: TFunction<'attachments'>): string {
  const serverCode = (error.details as { code?: unknown } | undefined)?.code;
  const key = KNOWN_CODES[typeof serverCode === 'string' ? serverCode : error.code];
  return key ? t(key as 'errors.tooLarge') : error.message;
}
