import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { extractedTexts } from '../actions/extracted-text.ts';
import type { FilesContext } from '../files-context.ts';
import { INTERNAL_TOKEN_HEADER, internalTokenMatches } from '../internal-token.ts';
import { ExtractedTextRequest, ExtractedTextResponse } from './schemas.ts';

/**
 * Service-to-service calls, outside `/api/v1` (the gateway never routes them) and guarded by the
 * shared secret in `x-innerview-internal-token`. See the README for the chat service's use.
 */
export function internalRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/internal/extracted-text',
      summary: 'For the chat service: the extracted text of files attached to a message',
      tags: ['internal'],
      auth: 'none',
      body: ExtractedTextRequest,
      responses: {
        200: {
          description: 'One item per distinct file id, in request order',
          schema: ExtractedTextResponse,
        },
        401: { description: 'Missing or wrong internal token' },
        404: { description: "A file id that is not the user's" },
        422: { description: 'FILE_NOT_IN_SESSION: a file of another chat session' },
      },
      handler: ({ req, body }) => {
        if (!internalTokenMatches(req.header(INTERNAL_TOKEN_HEADER), fc.internalToken))
          throw new HttpError(401);
        return extractedTexts(fc, {
          userId: body.user_id,
          fileIds: body.file_ids,
          sessionId: body.session_id ?? undefined,
          includeImageData: body.include_image_data ?? false,
        });
      },
    }),
  ];
}
