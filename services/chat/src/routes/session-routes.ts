import { ErrorBody } from '@innerview/contracts';
import { ChatSession, ChatTranscriptEntry } from '@innerview/contracts/chat';
import { defineRoute, HttpError, type RouteDefinition, zodFieldErrors } from '@innerview/kit';
import { z } from 'zod';
import {
  createSession,
  deleteSession,
  getSession,
  listSessions,
  ownSession,
  renameSession,
  transcript,
} from '../actions/sessions.ts';
import { sessionView } from '../actions/stored-text.ts';
import type { ChatContext } from '../chat-context.ts';
import {
  CreateSessionBody,
  ListQuery,
  RenameSessionBody,
  SessionIdParams,
  TRANSCRIPT_LIMIT_MAX,
  TranscriptQuery,
} from './schemas.ts';

const notFound = { 404: { description: "Not the person's session (or deleted)", schema: ErrorBody } };

export function sessionRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/chat-sessions/',
      summary: "The person's sessions, most recently used first",
      tags: ['chat-sessions'],
      query: ListQuery,
      responses: { 200: { description: 'Sessions', schema: z.array(ChatSession) } },
      handler: ({ userId, query }) => listSessions(chat, userId, query),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat-sessions/',
      summary: "Create a session (titled 'new chat' until its first exchange unless a title is given)",
      tags: ['chat-sessions'],
      body: CreateSessionBody,
      status: 201,
      responses: { 201: { description: 'The session', schema: ChatSession } },
      handler: ({ userId, body }) => createSession(chat, userId, body.session_title ?? undefined),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat-sessions/:id',
      summary: 'One session',
      tags: ['chat-sessions'],
      params: SessionIdParams,
      responses: { 200: { description: 'The session', schema: ChatSession }, ...notFound },
      handler: ({ userId, params }) => getSession(chat, userId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/chat-sessions/:id',
      summary: 'Rename a session',
      tags: ['chat-sessions'],
      params: SessionIdParams,
      body: RenameSessionBody,
      responses: { 200: { description: 'The renamed session', schema: ChatSession }, ...notFound },
      handler: ({ userId, params, body }) =>
        renameSession(chat, userId, params.id, (body.title ?? body.session_title)!),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/chat-sessions/:id',
      summary: 'Remove a session (soft delete: it disappears from every call)',
      tags: ['chat-sessions'],
      params: SessionIdParams,
      responses: { 200: { description: 'The removed session', schema: ChatSession }, ...notFound },
      handler: async ({ userId, params }) => {
        const session = await ownSession(chat, userId, params.id);
        await deleteSession(chat, userId, session.id);
        return { ...(await sessionView(chat, session)), deleted: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat-sessions/:id/transcript',
      summary:
        'The messages (role, content, timestamp); questionnaire and attachment messages flagged hidden. ' +
        `Whole without parameters; a page with \`limit\` (1–${TRANSCRIPT_LIMIT_MAX}: the newest messages) ` +
        'and `before` (a message id: only messages older than it). The hidden messages just before a ' +
        "page's first message come with it. A reply being written comes last on the newest page.",
      tags: ['chat-sessions'],
      params: SessionIdParams,
      responses: {
        200: {
          description: 'Transcript (or a page of it), oldest first',
          schema: z.array(ChatTranscriptEntry),
        },
        400: { description: 'A bad `limit` or `before`', schema: ErrorBody },
        ...notFound,
      },
      handler: async ({ userId, params, req }) => {
        const query = TranscriptQuery.safeParse(req.query);
        if (!query.success) {
          // Ownership first: another person's session is a 404 whatever the parameters.
          await ownSession(chat, userId, params.id);
          throw new HttpError(400, zodFieldErrors(query.error, 'query'));
        }
        return transcript(chat, userId, params.id, query.data);
      },
    }),
  ];
}
