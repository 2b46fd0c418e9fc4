import { useGetMeQuery } from '@innerview/api-client';
import { Alert, Button, Spinner, VisuallyHidden } from '@innerview/ui';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DropZone, useAttachments } from '../attachments/index.ts';
import { useGetCoachQuery, useListChatSessionsQuery } from '../chat-api.ts';
import { MenuIcon } from '../icons.tsx';
import { PhoneStatus, useIsMobile } from '../sidebar/index.ts';
import { useBreakReminder } from './break-reminder.ts';
import { Composer } from './composer.tsx';
import { revisable, visibleMessages } from './conversation-state.ts';
import { MessageList } from './message-list.tsx';
import { useVersionViews, withVersionViews } from './message-versions.tsx';
import { useOfflineSnapshot } from './offline-snapshot.ts';
import { useCoachOpening } from './use-coach-opening.ts';
import { useConversation } from './use-conversation.ts';

type ConversationViewProps = {
  sessionId: string | null;
  keyboardOpen: boolean;
  /** Phones: opens the sidebar drawer. */
  onOpenSidebar: () => void;
  sidebarOpen: boolean;
};

/**
 * Router state another screen may pass: an intro message to start a chat with
 * (docs/product.md#sending-a-chat-message), the message a search result opens (`focusMessage`), or
 * that the questionnaire was just sent (`coachOpening: 'expected'`, docs/product.md#the-coachs-first-opening).
 */
type IntroState = { introMessage?: unknown; focusMessage?: unknown; coachOpening?: unknown } | null;

/**
 * The message a search result opened: older pages are read until it is among the messages (or the
 * session's first page came); then it is the found one, scrolled to and marked.
 */
function useFoundMessage(
  conversation: ReturnType<typeof useConversation>,
  wanted: string | null,
): string | null {
  const { state } = conversation;
  const present = wanted !== null && state.messages.some((m) => m.id === wanted);
  useEffect(() => {
    if (wanted === null || present || state.phase !== 'idle' || state.older !== 'available') return;
    conversation.loadOlder();
  }, [wanted, present, state.phase, state.older, conversation]);
  return present ? wanted : null;
}

function useSessionTitle(sessionId: string | null): string | null {
  const { data } = useListChatSessionsQuery();
  const { t } = useTranslation('chat');
  if (!sessionId) return null;
  const session = data?.find((s) => s.id === sessionId);
  if (!session) return null;
  return session.session_title === 'new chat' ? t('header.newChat') : session.session_title;
}

/**
 * The conversation column: header (drawer button on phones, the chat's title, the offline-coach
 * label), the greeting or the messages, the composer; screen-reader announcements of finished replies.
 */
export function ConversationView({
  sessionId,
  keyboardOpen,
  onOpenSidebar,
  sidebarOpen,
}: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const attachments = useAttachments();
  const conversation = useConversation(sessionId, attachments);
  const { state } = conversation;
  const me = useGetMeQuery();
  const coach = useGetCoachQuery();
  const title = useSessionTitle(state.sessionId);
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useMemo(() => visibleMessages(state.messages), [state.messages]);
  useOfflineSnapshot(state.sessionId, title, state.phase, shown);
  const versions = useVersionViews(state.sessionId, state.generation);
  const drawn = useMemo(() => withVersionViews(shown, versions.views), [shown, versions.views]);
  const focusMessage = (location.state as IntroState)?.focusMessage;
  const found = useFoundMessage(conversation, typeof focusMessage === 'string' ? focusMessage : null);

  // An intro message handed over by another screen starts the chat once (then the state is cleared).
  const introHandled = useRef(false);
  useEffect(() => {
    const intro = (location.state as IntroState)?.introMessage;
    if (typeof intro !== 'string' || introHandled.current) return;
    if (conversation.startWithIntro(intro)) {
      introHandled.current = true;
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, conversation, navigate]);

  // A new chat the coach opens: a due check-in or the first opening (not when an intro was handed over).
  const hasIntro = typeof (location.state as IntroState)?.introMessage === 'string';
  const fresh =
    sessionId === null && state.sessionId === null && state.phase === 'idle' && shown.length === 0;
  const freshRef = useRef(fresh);
  freshRef.current = fresh && !introHandled.current && attachments.attachments.length === 0;
  // Read when the coach's opening comes back: words being typed or sent, which the state above
  // shows only from the next render, keep the new chat the person's (their chat wins).
  const writing = useRef(false);
  const stillFresh = useCallback(() => freshRef.current && !writing.current, []);
  const expectOpening = (location.state as IntroState)?.coachOpening === 'expected';
  useCoachOpening(sessionId, fresh && !hasIntro && !introHandled.current, stillFresh, expectOpening);

  const loading = state.phase === 'loading';
  const empty = !loading && !conversation.loadError && shown.length === 0;
  const firstName = me.data?.first_name?.trim();
  const breakReminder = useBreakReminder(me.data?.date_of_birth);
  const mobile = useIsMobile();

  return (
    <section className="iv-chat-conversation" aria-labelledby="iv-chat-title">
      <header className="iv-chat-header">
        <button
          type="button"
          className="iv-chat-header__menu"
          onClick={onOpenSidebar}
          aria-expanded={sidebarOpen}
          aria-label={t('header.openSidebar')}
        >
          <MenuIcon />
        </button>
        <div className="iv-chat-header__text">
          <h1 id="iv-chat-title" className="iv-chat-header__title">
            {title ?? t('header.newChat')}
          </h1>
          {coach.data?.coach === 'offline' && (
            <p className="iv-chat-header__coach" data-testid="offline-coach-label">
              {t('header.offlineCoach')}
            </p>
          )}
        </div>
      </header>
      {mobile && !keyboardOpen && <PhoneStatus />}

      <DropZone onFiles={attachments.add} disabled={conversation.busy}>
        <div className="iv-chat-body">
          {loading ? (
            <div className="iv-chat-center">
              <Spinner size="lg" label={t('conversation.loading')} />
            </div>
          ) : conversation.loadError ? (
            <div className="iv-chat-center">
              <Alert
                variant="error"
                title={
                  conversation.loadError.status === 404
                    ? t('conversation.notFound')
                    : t('conversation.loadFailed')
                }
                actions={
                  conversation.loadError.status === 404 ? (
                    <Button variant="secondary" onClick={() => void navigate('/chat')}>
                      {t('conversation.startNew')}
                    </Button>
                  ) : (
                    <Button variant="secondary" onClick={conversation.reload}>
                      {t('conversation.retry')}
                    </Button>
                  )
                }
              />
            </div>
          ) : empty ? (
            !keyboardOpen && (
              <div className="iv-chat-center iv-chat-greeting">
                <h2 className="iv-chat-greeting__title">
                  {firstName ? t('greeting.title', { name: firstName }) : t('greeting.titleNoName')}
                </h2>
                <p className="iv-chat-greeting__text">{t('greeting.text')}</p>
              </div>
            )
          ) : (
            <MessageList
              key={state.generation}
              messages={drawn}
              attachmentsByMessage={conversation.attachmentsByMessage}
              streaming={state.phase === 'streaming' || state.phase === 'sending'}
              busy={conversation.busy}
              onRetry={conversation.retry}
              older={state.older}
              prepended={state.prepended}
              onLoadOlder={conversation.loadOlder}
              revisable={revisable(state)}
              onEdit={(text) => void conversation.edit(text)}
              onRegenerate={() => void conversation.regenerate()}
              onShowVersion={(message, index) => void versions.show(message, index)}
              foundId={found}
            />
          )}
        </div>
      </DropZone>

      {breakReminder.due && (
        <Alert
          variant="info"
          className="iv-chat-break"
          data-testid="break-reminder"
          actions={
            <Button variant="secondary" onClick={breakReminder.dismiss}>
              {t('breakReminder.dismiss')}
            </Button>
          }
        >
          {t('breakReminder.text')}
        </Alert>
      )}
      <Composer
        attachments={attachments}
        busy={conversation.busy}
        canStop={state.phase === 'streaming' || state.phase === 'sending'}
        onSend={conversation.send}
        onStop={conversation.stop}
        onWriting={(now) => {
          writing.current = now;
        }}
      />
      <VisuallyHidden aria-live="polite" role="status">
        {conversation.announcement}
      </VisuallyHidden>
    </section>
  );
}
