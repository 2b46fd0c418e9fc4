import { Alert, Button, Spinner } from '@innerview/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useListChatSessionsQuery } from '../chat-api.ts';
import { useNow } from './relative-time.ts';
import { SessionItem } from './session-item.tsx';

type SessionHistoryProps = {
  activeSessionId: string | null;
  onNavigate?: () => void;
};

/** Most recent activity first (the service's order too, kept here if a list arrives unsorted). */
function byRecentActivity(a: { updated_at: string }, b: { updated_at: string }): number {
  return Date.parse(b.updated_at) - Date.parse(a.updated_at);
}

/**
 * The chat history: loading, the error of docs/product.md#chat-and-subscription-errors with retry, an empty state, or the sessions with
 * their age, refreshed every minute.
 */
export function SessionHistory({ activeSessionId, onNavigate }: SessionHistoryProps) {
  const { t } = useTranslation('sidebar');
  const { data, isLoading, isError, isFetching, refetch } = useListChatSessionsQuery();
  const now = useNow();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removedId = useRef<string | null>(null);
  const sessions = useMemo(() => (data ? [...data].sort(byRecentActivity) : []), [data]);

  // A removed chat's row (and the menu button focus would return to) is gone once the list reloads:
  // focus goes to the heading rather than to the page. After the dialog's own focus return (a timer).
  useEffect(() => {
    const removed = removedId.current;
    if (!removed || sessions.some((session) => session.id === removed)) return;
    removedId.current = null;
    setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) headingRef.current?.focus();
    }, 0);
  }, [sessions]);

  return (
    <section className="iv-sidebar-history" aria-labelledby="iv-sidebar-history-heading">
      <h2 id="iv-sidebar-history-heading" ref={headingRef} tabIndex={-1} className="iv-sidebar__heading">
        {t('history.heading')}
      </h2>
      {isLoading ? (
        <p className="iv-sidebar-history__state" role="status">
          <Spinner size="sm" /> {t('history.loading')}
        </p>
      ) : isError && !data ? (
        <Alert
          variant="error"
          actions={
            <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
              {t('history.retry')}
            </Button>
          }
        >
          {t('history.failed')}
        </Alert>
      ) : sessions.length === 0 ? (
        <p className="iv-sidebar-history__state">{t('history.empty')}</p>
      ) : (
        <ul className="iv-sidebar-history__list">
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              active={session.id === activeSessionId}
              now={now}
              onNavigate={onNavigate}
              onRemoved={() => {
                removedId.current = session.id;
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
