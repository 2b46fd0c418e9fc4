import { ErrorBody } from '@innerview/contracts';
import { ChatEditBody, ChatMessageVersion, ChatRegenerateBody } from '@innerview/contracts/chat';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { messageVersions, startEdit, startRegenerate } from '../actions/revise.ts';
import { findSessionOf } from '../actions/sessions.ts';
import { newestUserMessageIs } from '../actions/stored-reply.ts';
import type { ChatContext } from '../chat-context.ts';
import { answerStoredReply, holdReaderPlace, streamResponses } from './chat-routes.ts';
import { pipeNewReply, pipeReply, resumePoint } from './sse.ts';

const MessageParams = z.object({ id: z.string(), message_id: z.string() });
const SessionParams = z.object({ id: z.string() });
const lastOnly = {
  409: {
    description:
      'A reply is being written (REPLY_IN_PROGRESS), or not the last message (NOT_LAST_MESSAGE) / no last reply (NOTHING_TO_REGENERATE)',
    schema: ErrorBody,
  },
};

/**
 * A client reconnecting with `Last-Event-ID` after a cut gets the rest of the reply it started, or
 * how it stands; never a second edit or regeneration (true: answered here).
 */
async function resumed(
  chat: ChatContext,
  req: Request,
  res: Response,
  input: { userId: string; sessionId: string; editedText?: string },
): Promise<boolean> {
  const lastEventId = req.header('last-event-id');
  if (lastEventId === undefined) return false;
  const session = await findSessionOf(chat, input.userId, input.sessionId);
  if (!session) throw new HttpError(404);
  holdReaderPlace(chat, input.userId, res);
  const after = resumePoint(lastEventId, undefined);
  if (chat.streams.info(session.id)) {
    pipeReply(chat, res, { sessionId: session.id, after, opening: false });
    return true;
  }
  if (input.editedText !== undefined && !(await newestUserMessageIs(chat, session.id, input.editedText)))
    return false;
  await answerStoredReply(chat, res, session.id, after);
  return true;
}

/** Edit the last message, regenerate the last reply, view the versions (ADR 0058). */
export function revisionRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/chat-sessions/:id/messages/:message_id/edit',
      summary:
        'Give the last message a new text and stream a new reply (as POST /chat/stream); the earlier text and reply are kept as a version',
      tags: ['chat-sessions'],
      params: MessageParams,
      body: ChatEditBody,
      responses: { ...streamResponses, ...lastOnly },
      handler: async ({ params, body, userId, req, res }) => {
        const editedText = body.message.trim();
        if (await resumed(chat, req, res, { userId, sessionId: params.id, editedText })) return undefined;
        return pipeNewReply(
          chat,
          res,
          startEdit(chat, {
            userId,
            sessionId: params.id,
            messageId: params.message_id,
            message: body.message,
            language: body.language,
            acceptLanguage: req.header('accept-language'),
          }),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat-sessions/:id/regenerate',
      summary:
        'Stream a new reply to the last message (as POST /chat/stream); the last reply is kept as a version',
      tags: ['chat-sessions'],
      params: SessionParams,
      body: ChatRegenerateBody.optional(),
      responses: { ...streamResponses, ...lastOnly },
      handler: async ({ params, body, userId, req, res }) => {
        if (await resumed(chat, req, res, { userId, sessionId: params.id })) return undefined;
        return pipeNewReply(
          chat,
          res,
          startRegenerate(chat, {
            userId,
            sessionId: params.id,
            language: body?.language,
            acceptLanguage: req.header('accept-language'),
          }),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat-sessions/:id/messages/:message_id/versions',
      summary: "Every version of a message, oldest first; a version of the person's message with its reply",
      tags: ['chat-sessions'],
      params: MessageParams,
      responses: {
        200: { description: 'The versions', schema: z.object({ versions: z.array(ChatMessageVersion) }) },
        404: { description: "Not the person's session or message", schema: ErrorBody },
      },
      handler: ({ params, userId }) => messageVersions(chat, userId, params.id, params.message_id),
    }),
  ];
}
