/** Upload limits (issue 8). Sizes are bytes; "MB" in messages means MiB, as people's file managers show it. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_MESSAGE = 5;
export const DEFAULT_QUOTA_BYTES = 200 * 1024 * 1024;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_NAME_LENGTH = 255;

/** A DOCX is a ZIP: more than this once inflated, a higher ratio, or more entries, and it is a bomb. */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
export const MAX_ZIP_RATIO = 100;
export const MAX_ZIP_ENTRIES = 1000;

/**
 * An image larger than this (all frames of an animation together) is refused before decoding: a
 * few kilobytes of PNG can claim gigapixels. 50 megapixels holds an 8K photo.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Text extraction caps: the rest is dropped and the text marked truncated. */
export const MAX_EXTRACTED_PAGES = 50;
export const MAX_EXTRACTED_CHARS = 200_000;
export const DEFAULT_EXTRACTION_TIMEOUT_MS = 10_000;

export const FILE_TYPES = ['user_upload', 'chat_storage'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const ALLOWED_TYPES_TEXT = 'PDF, plain text (.txt), Markdown (.md), Word (.docx), PNG, JPEG and WebP';

/** Error codes of the files service, beside the docs/product.md#http-errors defaults. */
export const fileErrorCodes = {
  unsupportedType: 'UNSUPPORTED_FILE_TYPE',
  tooLarge: 'FILE_TOO_LARGE',
  tooManyFiles: 'TOO_MANY_FILES',
  quotaExceeded: 'STORAGE_QUOTA_EXCEEDED',
  unsafe: 'UNSAFE_FILE',
  unreadable: 'FILE_NOT_READABLE',
  empty: 'EMPTY_FILE',
  notInSession: 'FILE_NOT_IN_SESSION',
  /** The session is not the uploader's: another person's, deleted or unknown alike. */
  sessionNotFound: 'SESSION_NOT_FOUND',
} as const;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The texts of the files service's error answers. */
export const fileMessages = {
  unsupportedType: (name: string) =>
    `"${name}" is not a supported file type. Allowed types: ${ALLOWED_TYPES_TEXT}. The type is read from the file's content, not its name.`,
  tooLarge: (name: string) =>
    `"${name}" is larger than ${mb(MAX_FILE_BYTES)}, the largest file you can upload.`,
  tooManyFiles: `At most ${MAX_FILES_PER_MESSAGE} files can be attached to one message.`,
  noFile: 'Choose a file to upload.',
  quotaExceeded: (quota: number) =>
    `Your file storage is full: files can take at most ${mb(quota)} in all. Delete some files and try again.`,
  zipBomb: (name: string) =>
    `"${name}" was refused: it expands to far more data than its size, as a compressed bomb would.`,
  unreadable: (name: string) =>
    `"${name}" could not be read: it is damaged, protected, or too complex to read within the time limit.`,
  empty: (name: string) => `"${name}" is empty.`,
  notMultipart: 'Send the upload as multipart/form-data.',
  unexpectedField: (field: string) => `Unexpected field "${field}".`,
  fieldTooLong: (field: string) => `The field "${field}" is too long.`,
  tooManyFields: 'Too many fields in the upload.',
  malformed: 'The upload could not be read: the multipart body is malformed or incomplete.',
  sessionNotFound:
    'This chat session was not found: it may have been deleted. Start a new chat to attach files.',
  notInSession: (id: string) => `The file ${id} belongs to another chat session.`,
  fileNotFound: (id: string) => `File not found: ${id}`,
} as const;
