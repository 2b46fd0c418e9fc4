import { createHmac } from 'node:crypto';
import { type ChatSearchResult, searchWords } from '@innerview/contracts/chat-search';
import type { Queryable } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import { findByTokens, insertSearchTokens, type SearchTokenRow } from '../db/search-index.ts';
import type { SessionRow } from '../db/sessions.ts';
import { searchSnippet } from '../domain/search-snippet.ts';
import { decryptMessage, sessionTitle } from './stored-text.ts';

/** The key the person's search tokens are made with (derived from their data key, ADR 0058). */
const PURPOSE = 'chat.search.v1';
/** At most this many results; the newest first. */
export const SEARCH_RESULTS_MAX = 50;
/** A message's words beyond this many distinct ones are not indexed (a pasted book is not a chat). */
const WORDS_PER_MESSAGE = 400;
/** A query's words beyond this many are ignored. */
const QUERY_WORDS = 12;

function token(key: Buffer, word: string): string {
  return createHmac('sha256', key).update(word, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** The keyed tokens of a text: what the index keeps of it (no word in clear). */
export async function searchTokens(
  chat: Pick<ChatContext, 'crypto'>,
  userId: string,
  text: string,
): Promise<string[]> {
  const words = searchWords(text).slice(0, WORDS_PER_MESSAGE);
  if (words.length === 0) return [];
  const key = await chat.crypto.derivedKeyForUser(userId, PURPOSE);
  return words.map((word) => token(key, word));
}

/**
 * The index rows of a message about to be stored. Made before the storing transaction (the key
 * may have to be created, which must not happen inside it), inserted by `indexMessage` in it.
 */
export async function searchRows(
  chat: Pick<ChatContext, 'crypto'>,
  message: { userId: string; sessionId: string; messageId: string; text: string },
): Promise<SearchTokenRow[]> {
  const tokens = await searchTokens(chat, message.userId, message.text);
  return tokens.map((t) => ({
    userId: message.userId,
    token: t,
    messageId: message.messageId,
    sessionId: message.sessionId,
  }));
}

export function indexMessage(q: Queryable, rows: SearchTokenRow[]): Promise<void> {
  return insertSearchTokens(q, rows);
}

/**
 * `GET /chat-sessions/search?q=`: the person's messages holding every word of the query (accents
 * and case ignored), newest first, each with its session's title and a snippet made now from the
 * decrypted message.
 */
export async function searchMessages(
  chat: ChatContext,
  userId: string,
  query: string,
): Promise<{ results: ChatSearchResult[] }> {
  const words = searchWords(query).slice(0, QUERY_WORDS);
  if (words.length === 0) return { results: [] };
  const key = await chat.crypto.derivedKeyForUser(userId, PURPOSE);
  const rows = await findByTokens(
    chat.service.db,
    userId,
    words.map((word) => token(key, word)),
    SEARCH_RESULTS_MAX,
  );
  const titles = new Map<string, Promise<string>>();
  const titleOf = (session: SessionRow) => {
    if (!titles.has(session.id)) titles.set(session.id, sessionTitle(chat, session));
    return titles.get(session.id)!;
  };
  const results = await Promise.all(
    rows.map(async ({ message, session }) => ({
      session_id: session.id,
      session_title: await titleOf(session),
      message_id: message.id,
      snippet: searchSnippet(await decryptMessage(chat, message), words),
      timestamp: message.createdAt.toISOString(),
    })),
  );
  return { results };
}
