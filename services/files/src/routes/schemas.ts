import { z } from 'zod';
import { FILE_TYPES, MAX_DESCRIPTION_LENGTH } from '../domain/limits.ts';

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** The text fields of an upload (multipart), validated once the body is read. */
export const UploadFields = z.object({
  description: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .max(MAX_DESCRIPTION_LENGTH, `description can have at most ${MAX_DESCRIPTION_LENGTH} characters`)
      .optional(),
  ),
  file_type: z.preprocess(blankIsAbsent, z.enum(FILE_TYPES).optional()),
  session_id: z.preprocess(blankIsAbsent, z.uuid('session_id must be a chat session id').optional()),
});

export const FileItem = z
  .object({
    id: z.uuid(),
    session_id: z.uuid().nullable(),
    name: z.string(),
    size: z.number().int(),
    type: z.string().meta({ description: 'Media type detected from the content, e.g. application/pdf' }),
    file_type: z.enum(FILE_TYPES),
    description: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'FileItem' });

export const FilesResponse = z.object({ files: z.array(FileItem) }).meta({ id: 'FilesResponse' });

export const ListFilesQuery = z.object({
  session_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const FileIdParams = z.object({ id: z.string() });

export const ExtractedTextRequest = z.object({
  user_id: z.uuid(),
  file_ids: z.array(z.uuid()).min(1).max(20),
  session_id: z.uuid().nullable().optional(),
  /** Adds `image_data` (base64) to image items, for a model that accepts images. */
  include_image_data: z.boolean().optional(),
});

export const ExtractedTextItem = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  text: z.string().nullable(),
  image: z.boolean(),
  truncated: z.boolean(),
  image_data: z.string().optional(),
});
export const ExtractedTextResponse = z.array(ExtractedTextItem);

const multipartNote =
  'multipart/form-data. Types are recognised by content: PDF, plain text, Markdown, DOCX, PNG, JPEG, WebP; at most 10 MB a file.';
export const uploadSummaries = {
  single: `Upload one file (fields: file, optional description, file_type = user_upload | chat_storage, session_id). ${multipartNote}`,
  multiple: `Upload 1 to 5 files into a chat session (fields: repeated files, optional session_id, file_type default chat_storage, description). ${multipartNote}`,
};
