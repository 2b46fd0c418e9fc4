import { NEW_CHAT_TITLE } from '@innerview/contracts/chat';
import type { ChatSearchResult } from '@innerview/contracts/chat-search';
import { matchRanges, searchWords } from '@innerview/contracts/chat-search';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchChatsQuery } from '../chat-api.ts';
import { SearchIcon } from '../icons.tsx';

/** The service's longest query (after trimming). */
const QUERY_MAX = 200;
/** A search starts this long after the last key (one request per pause, not per letter). */
const DEBOUNCE_MS = 300;

/** The snippet with the query's words marked (accents and case ignored, as the search does). */
export function highlighted(snippet: string, query: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(snippet, searchWords(query))) {
    if (start > at) parts.push(snippet.slice(at, start));
    parts.push(<mark key={start}>{snippet.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.length) parts.push(snippet.slice(at));
  return parts;
}

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return value === '' ? '' : settled;
}

/**
 * Search across the person's chats (ADR 0058): a search field; while it holds words, the matching
 * messages (chat title, snippet with the words marked, date) in place of the history. A result opens
 * its chat at that message. Escape clears the field; the count is announced politely.
 */
export function ChatSearch({
  onNavigate,
  children,
}: {
  onNavigate?: () => void;
  /** What is shown while nothing is searched (the history). */
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('sidebar');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const id = useId();
  const searching = query !== '';
  const { data, isFetching, isError } = useSearchChatsQuery(query, { skip: !searching });
  const results = searching ? data?.results : undefined;
  const input = useRef<HTMLInputElement>(null);
  // Escape clears the field, and only that: the drawer around it (which hears Escape on the document,
  // in the capture phase) stays open. Heard on the window, which comes first.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const field = input.current;
      if (event.key !== 'Escape' || !field || event.target !== field || field.value === '') return;
      event.stopPropagation();
      event.preventDefault();
      setText('');
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  let status = '';
  if (searching && isFetching) status = t('search.searching');
  else if (searching && isError) status = t('search.failed');
  else if (results)
    status =
      results.length === 0 ? t('search.none', { query }) : t('search.results', { count: results.length });

  return (
    <>
      <search className="iv-sidebar-search">
        <label htmlFor={id} className="iv-visually-hidden">
          {t('search.label')}
        </label>
        <span className="iv-sidebar-search__icon" aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          id={id}
          type="search"
          className="iv-sidebar-search__input"
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={QUERY_MAX}
          autoComplete="off"
          aria-controls={results ? `${id}-results` : undefined}
          ref={input}
          onChange={(event) => setText(event.target.value)}
        />
      </search>
      <p className="iv-sidebar-search__status" role="status" aria-live="polite" data-testid="search-status">
        {status}
      </p>
      {searching
        ? results && (
            <ul
              id={`${id}-results`}
              className="iv-sidebar-search__results"
              aria-label={t('search.resultsLabel')}
            >
              {(results ?? []).map((result: ChatSearchResult) => {
                const title =
                  result.session_title === NEW_CHAT_TITLE ? t('history.untitled') : result.session_title;
                const date = dates.format(new Date(result.timestamp));
                return (
                  <li key={result.message_id}>
                    <Link
                      className="iv-sidebar-search__result"
                      to={`/chat/${encodeURIComponent(result.session_id)}`}
                      state={{ focusMessage: result.message_id }}
                      onClick={onNavigate}
                      data-testid="search-result"
                      data-message-id={result.message_id}
                    >
                      <span className="iv-sidebar-search__title">{title}</span>
                      <span className="iv-sidebar-search__snippet">{highlighted(result.snippet, query)}</span>
                      <time className="iv-sidebar-search__date" dateTime={result.timestamp}>
                        {date}
                      </time>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )
        : children}
    </>
  );
}
