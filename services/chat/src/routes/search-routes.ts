import { ErrorBody } from '@innerview/contracts';
import { ChatSearchResult, SEARCH_QUERY_MAX } from '@innerview/contracts/chat-search';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import { searchMessages } from '../actions/search.ts';
import type { ChatContext } from '../chat-context.ts';

const SearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, { error: 'q is required' })
    .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` }),
});

/** Listed before the session routes: `search` is a word here, never a session id. */
export function searchRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/chat-sessions/search',
      summary:
        "Find the person's messages by words (all of them; accents and case ignored), newest first, " +
        'at most 50, each with its session and a snippet (ADR 0058)',
      tags: ['chat-sessions'],
      query: SearchQuery,
      responses: {
        200: {
          description: 'The matching messages',
          schema: z.object({ results: z.array(ChatSearchResult) }),
        },
        422: { description: 'q missing, blank or longer than 200 characters', schema: ErrorBody },
      },
      handler: ({ userId, query }) => searchMessages(chat, userId, query.q),
    }),
  ];
}
