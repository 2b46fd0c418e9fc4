import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { extractedTexts } from '../actions/extracted-text.ts';
import type { FilesContext } from '../files-context.ts';
import { ExtractedTextRequest, ExtractedTextResponse } from './schemas.ts';

/**
 * Service-to-service calls, outside `/api/v1` (the gateway never routes them) and only another
 * service's signed call reaches them (ADR 43), and it names the person the files must belong to. See the README for the chat service's use.
 */
export function internalRoutes(fc: FilesContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/internal/extracted-text',
      summary: 'For the chat service: the extracted text of files attached to a message',
      tags: ['internal'],
      auth: 'service',
      body: ExtractedTextRequest,
      responses: {
        200: {
          description: 'One item per distinct file id, in request order',
          schema: ExtractedTextResponse,
        },
        401: { description: 'Not signed by a service' },
        403: { description: 'Signed by the gateway, or for another person than user_id' },
        404: { description: "A file id that is not the user's" },
        422: { description: 'FILE_NOT_IN_SESSION: a file of another chat session' },
      },
      handler: ({ userId, body }) => {
        // The signed statement and the body must name the same person.
        if (userId !== body.user_id) throw new HttpError(403);
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
