import { defineRoute, HttpError, type RouteDefinition, zodFieldErrors } from '@innerview/kit';
import type { Request } from 'express';
import { uploadFiles } from '../actions/upload.ts';
import {
  fileErrorCodes as codes,
  type FileType,
  MAX_DESCRIPTION_LENGTH,
  MAX_FILES_PER_MESSAGE,
  fileMessages as messages,
} from '../domain/limits.ts';
import type { FilesContext } from '../files-context.ts';
import { readMultipart } from './multipart.ts';
import { FilesResponse, UploadFields, uploadSummaries } from './schemas.ts';

const FIELDS = ['description', 'file_type', 'session_id'] as const;
// A description of 1000 characters can take up to 4 bytes each in UTF-8.
const MAX_FIELD_BYTES = MAX_DESCRIPTION_LENGTH * 4;

const errorResponses = {
  413: { description: `FILE_TOO_LARGE (over 10 MB) or ${codes.quotaExceeded}` },
  415: { description: `${codes.unsupportedType}: not one of the allowed types, judged by content` },
  422: {
    description: `${codes.tooManyFiles}, ${codes.unsafe} (zip bomb), ${codes.unreadable}, ${codes.empty}, bad fields`,
  },
};

async function handleUpload(
  fc: FilesContext,
  { req, userId }: { req: Request; userId: string },
  options: { fileField: string; maxFiles: number; tooManyFiles: string; defaultFileType: FileType },
) {
  const body = await readMultipart(req, {
    fileField: options.fileField,
    maxFiles: options.maxFiles,
    tooManyFiles: options.tooManyFiles,
    fields: FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
  });
  const parsed = UploadFields.safeParse(Object.fromEntries(body.fields));
  if (!parsed.success) throw new HttpError(422, zodFieldErrors(parsed.error, 'body'));
  if (body.files.length === 0)
    throw new HttpError(422, [{ loc: ['body', options.fileField], msg: messages.noFile, type: 'missing' }]);
  const files = await uploadFiles(fc, {
    userId,
    sessionId: parsed.data.session_id ?? null,
    fileType: parsed.data.file_type ?? options.defaultFileType,
    description: parsed.data.description ?? null,
    files: body.files,
  });
  return { files };
}

export function uploadRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/files/upload',
      summary: uploadSummaries.single,
      bodyType: 'raw',
      responses: { 200: { description: 'The stored file', schema: FilesResponse }, ...errorResponses },
      handler: (ctx) =>
        handleUpload(fc, ctx, {
          fileField: 'file',
          maxFiles: 1,
          tooManyFiles: 'Send one file in the field "file"; several go to /files/upload-multiple-to-session.',
          defaultFileType: 'user_upload',
        }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/files/upload-multiple-to-session',
      summary: uploadSummaries.multiple,
      bodyType: 'raw',
      responses: {
        200: { description: 'The stored files, in order', schema: FilesResponse },
        ...errorResponses,
      },
      handler: (ctx) =>
        handleUpload(fc, ctx, {
          fileField: 'files',
          maxFiles: MAX_FILES_PER_MESSAGE,
          tooManyFiles: messages.tooManyFiles,
          defaultFileType: 'chat_storage',
        }),
    }),
  ];
}
