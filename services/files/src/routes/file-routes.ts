import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { deleteOwnFile } from '../actions/delete-files.ts';
import { getOwnFile, listOwnFiles, readOwnFile } from '../actions/read-files.ts';
import { kindOfMediaType } from '../domain/detect-type.ts';
import { attachmentDisposition, downloadName } from '../domain/file-name.ts';
import type { FilesContext } from '../files-context.ts';
import { FileIdParams, FileItem, FilesResponse, ListFilesQuery } from './schemas.ts';

/** Text is sent with its charset; every download is an attachment that no browser may render or sniff. */
function contentTypeOf(mediaType: string): string {
  if (!kindOfMediaType(mediaType)) return 'application/octet-stream';
  return mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType;
}

export function fileRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/files/',
      summary: "The caller's files, newest first (optionally of one chat session)",
      query: ListFilesQuery,
      responses: { 200: { description: 'Files', schema: FilesResponse } },
      handler: async ({ userId, query }) => ({
        files: await listOwnFiles(fc, userId, {
          sessionId: query.session_id,
          limit: query.limit,
          offset: query.offset,
        }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/files/:id',
      summary: "One of the caller's files (metadata); another person's file is a 404",
      params: FileIdParams,
      responses: { 200: { description: 'The file', schema: FileItem }, 404: { description: 'No such file' } },
      handler: ({ userId, params }) => getOwnFile(fc, userId, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/files/:id/download',
      summary: "Download one of the caller's files (decrypted), always as an attachment",
      params: FileIdParams,
      responses: {
        200: { description: 'The file contents', contentType: 'application/octet-stream' },
        404: { description: 'No such file' },
      },
      handler: async ({ userId, params, res }) => {
        const { view, bytes } = await readOwnFile(fc, userId, params.id);
        res.status(200);
        res.setHeader('Content-Type', contentTypeOf(view.type));
        res.setHeader('Content-Length', String(bytes.length));
        res.setHeader('Content-Disposition', attachmentDisposition(downloadName(view.name, view.type)));
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.setHeader('Cache-Control', 'private, no-store');
        res.end(bytes);
        return undefined;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/files/:id',
      summary: "Delete one of the caller's files",
      params: FileIdParams,
      status: 204,
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such file' } },
      handler: async ({ userId, params }) => {
        await deleteOwnFile(fc, userId, params.id);
        return undefined;
      },
    }),
  ];
}
