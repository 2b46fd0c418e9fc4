import { ErrorBody } from '@innerview/contracts';
import { ActiveChatSession, ChatReply, ChatSendBody, chatMessages as texts } from '@innerview/contracts/chat';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import type { Response } from 'express';
import { z } from 'zod';
import { startReply } from '../actions/send.ts';
import {
  activeSessions,
  closeAllSessions,
  closeSession,
  findSessionOf,
  ownSession,
  stopReply,
} from '../actions/sessions.ts';
import { newestUserMessageIs, settleStoredReply } from '../actions/stored-reply.ts';
import { sessionTitle } from '../actions/stored-text.ts';
import type { ChatContext } from '../chat-context.ts';
import { ResumeParams, ResumeQuery, SessionIdBody } from './schemas.ts';
import { pipeFailure, pipeNewReply, pipeReply, pipeSharedReply, resumePoint } from './sse.ts';

/** A reconnect holds one of the person's reader places until its response closes; else a 429. */
export function holdReaderPlace(chat: ChatContext, userId: string, res: Response): void {
  const place = chat.readers.take(userId);
  if (!place) throw new HttpError(429, texts.tooManyReaders, 'TOO_MANY_STREAMS');
  res.on('close', () => place.release());
}

/**
 * A reconnect to a reply no stream here holds: a reply whose writer died is a clear failure the
 * person can retry (`event: error`, REPLY_INTERRUPTED), never a silent end; one being written by
 * another process is a 409; otherwise there is nothing to follow (404: the transcript has it).
 */
export async function answerStoredReply(
  chat: ChatContext,
  res: Response,
  sessionId: string,
  after: number,
): Promise<void> {
  // Another replica may be writing it (ADR 0040): follow its mirror.
  if (chat.shared && (await pipeSharedReply(chat, res, { sessionId, after }))) return;
  const standing = await settleStoredReply(chat, sessionId);
  if (standing === 'failed') {
    pipeFailure(chat, res, sessionId, { detail: texts.replyFailed, code: 'REPLY_INTERRUPTED' });
    return;
  }
  if (standing === 'elsewhere') throw new HttpError(409, texts.replyInProgress);
  throw new HttpError(404, texts.noReplyInProgress);
}

export const streamResponses = {
  200: {
    description: 'Server-sent events: `id: <n>`, `data: {"session_id","role","content"}` …, `data: [DONE]`',
    contentType: 'text/event-stream',
  },
  403: {
    description: 'No subscription (SUBSCRIPTION_REQUIRED) or it ended (SUBSCRIPTION_EXPIRED), with `reason`',
    schema: ErrorBody,
  },
  404: { description: "Not the person's session", schema: ErrorBody },
  409: { description: 'A reply is already being written in this session', schema: ErrorBody },
  422: { description: "'Message is required and must be a string', or another field", schema: ErrorBody },
  429: { description: 'Trial quota used up (SUBSCRIPTION_LIMIT_REACHED), with `reason`', schema: ErrorBody },
};

export function chatRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/chat/stream',
      summary:
        'Send a message; the reply streams back as server-sent events (a new session when session_id is null)',
      tags: ['chat'],
      body: ChatSendBody,
      responses: streamResponses,
      handler: async ({ body, userId, req, res }) => {
        // A client reconnecting after a cut (Last-Event-ID) gets the rest of that reply, not a second one.
        const lastEventId = req.header('last-event-id');
        if (lastEventId !== undefined && body.session_id) {
          const session = await findSessionOf(chat, userId, body.session_id);
          if (!session) throw new HttpError(404);
          holdReaderPlace(chat, userId, res);
          if (chat.streams.info(session.id)) {
            pipeReply(chat, res, {
              sessionId: session.id,
              after: resumePoint(lastEventId, undefined),
              opening: false,
            });
            return undefined;
          }
          // No stream here: the message was stored before a crash or another replica has it. It is
          // never stored a second time; the reconnect learns how its reply stands (ADR 0039).
          if (await newestUserMessageIs(chat, session.id, body.message.trim())) {
            await answerStoredReply(chat, res, session.id, resumePoint(lastEventId, undefined));
            return undefined;
          }
        }
        return pipeNewReply(
          chat,
          res,
          startReply(chat, {
            userId,
            body,
            acceptLanguage: req.header('accept-language'),
          }),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat/stream/:session_id/resume',
      summary:
        'The rest of the reply being written (after piece `after` or `Last-Event-ID`), as server-sent events',
      tags: ['chat'],
      params: ResumeParams,
      query: ResumeQuery,
      responses: {
        200: { description: 'The remaining pieces, then [DONE]', contentType: 'text/event-stream' },
        404: {
          description: "Not the person's session, or no reply in flight or recently finished",
          schema: ErrorBody,
        },
        429: {
          description: 'The person holds too many reconnect streams open (TOO_MANY_STREAMS)',
          schema: ErrorBody,
        },
      },
      handler: async ({ params, query, userId, req, res }) => {
        const session = await ownSession(chat, userId, params.session_id);
        holdReaderPlace(chat, userId, res);
        if (!chat.streams.info(session.id)) {
          await answerStoredReply(
            chat,
            res,
            session.id,
            resumePoint(req.header('last-event-id'), query.after),
          );
          return undefined;
        }
        pipeReply(chat, res, {
          sessionId: session.id,
          after: resumePoint(req.header('last-event-id'), query.after),
          opening: false,
        });
        return undefined;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat/',
      summary: 'Send a message and receive the whole reply at once',
      tags: ['chat'],
      body: ChatSendBody,
      responses: { ...streamResponses, 200: { description: 'The reply', schema: ChatReply } },
      handler: async ({ body, userId, req, res }) => {
        const started = await startReply(chat, {
          userId,
          body,
          acceptLanguage: req.header('accept-language'),
        });
        // Reading counts as a reader: the reply is not abandoned while this call waits.
        const reading = chat.streams.follow(started.sessionId, Number.MAX_SAFE_INTEGER, {
          chunk: () => {},
          end: () => {},
        });
        res.on('close', () => reading?.stop());
        const result = await started.result;
        reading?.stop();
        if (!result.ok) throw new HttpError(503, result.detail, result.code);
        const session = await findSessionOf(chat, userId, started.sessionId);
        return {
          session_id: started.sessionId,
          role: 'assistant',
          content: result.content,
          session_title: session ? await sessionTitle(chat, session) : '',
          total_tokens: session?.totalTokens ?? result.tokens,
          outcome: result.outcome,
        } satisfies ChatReply;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat/stop',
      summary: 'Stop the reply being written in a session (what was written is kept)',
      tags: ['chat'],
      body: SessionIdBody,
      responses: {
        200: { description: 'Whether a reply was stopped', schema: z.object({ stopped: z.boolean() }) },
      },
      handler: ({ body, userId }) => stopReply(chat, userId, body.session_id),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat/close-session',
      summary: 'Close a session: its reply stops; the next message reopens it',
      tags: ['chat'],
      body: SessionIdBody,
      responses: {
        200: { description: 'Closed', schema: z.object({ session_id: z.string(), closed: z.literal(true) }) },
      },
      handler: ({ body, userId }) => closeSession(chat, userId, body.session_id),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat/close-all-sessions',
      summary: "Close all of the person's sessions and stop their replies (used at logout)",
      tags: ['chat'],
      responses: {
        200: { description: 'How many were open', schema: z.object({ closed: z.number().int() }) },
      },
      handler: ({ userId }) => closeAllSessions(chat, userId),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat/coach',
      summary:
        'Which coach answers: the built-in offline coach or a language model (the UI labels the offline one)',
      tags: ['chat'],
      responses: {
        200: {
          description: 'The kind of coach',
          schema: z.object({ coach: z.enum(['offline', 'model']) }),
        },
      },
      handler: () => ({ coach: chat.coach.kind === 'offline' ? ('offline' as const) : ('model' as const) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/chat/active-sessions',
      summary: 'Sessions not closed, newest first, with whether a reply is being written',
      tags: ['chat'],
      responses: {
        200: { description: 'Active sessions', schema: z.object({ sessions: z.array(ActiveChatSession) }) },
      },
      handler: ({ userId }) => activeSessions(chat, userId),
    }),
  ];
}
