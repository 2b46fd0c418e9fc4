import { Button, Spinner, VisuallyHidden } from '@innerview/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { SentAttachment } from '../attachments/index.ts';
import { proposedGoals } from './add-goal.tsx';
import type { ChatMessage, OlderMessages } from './conversation-state.ts';
import { MessageBubble } from './message-bubble.tsx';

type MessageListProps = {
  messages: ChatMessage[];
  attachmentsByMessage: Map<string, SentAttachment[]>;
  streaming: boolean;
  busy: boolean;
  onRetry: (userMessageId: string) => void;
  /** Whether messages older than the first one exist, and whether they are being read. */
  older: OlderMessages;
  /** Visible messages put before the first page since the list started. */
  prepended: number;
  onLoadOlder: () => void;
  /** The last message may be edited and the last reply written again (ids), with what does it. */
  revisable: { lastUser?: string; lastReply?: string };
  onEdit: (text: string) => void;
  onRegenerate: () => void;
  onShowVersion: (message: ChatMessage, index: number) => void;
  /** The message a search result opened: scrolled into view and marked. */
  foundId: string | null;
};

/**
 * Virtuoso's index of the first message: lowered by each page put in front, so that the messages
 * already drawn keep their index and the scroll position stays where the person is reading.
 */
const FIRST_INDEX = 1_000_000;

type ListContext = { older: OlderMessages; onLoadOlder: () => void };

// How close to the end still counts as "at the bottom" (a few pixels of rounding, a short line).
const AT_BOTTOM_PX = 48;

/**
 * The messages, virtualised (only those in view are in the page), so a session of 1,000 messages
 * opens at its end at once and scrolls smoothly. Pinned to the bottom while a reply streams in,
 * unless the person scrolled up to read.
 */
export function MessageList({
  messages,
  attachmentsByMessage,
  streaming,
  busy,
  onRetry,
  older,
  prepended,
  onLoadOlder,
  revisable,
  onEdit,
  onRegenerate,
  onShowVersion,
  foundId,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const list = useRef<VirtuosoHandle>(null);
  const atBottom = useRef(true);
  const goals = useMemo(() => proposedGoals(messages), [messages]);

  // A search result's message: brought to the middle of the view once it is among the messages.
  const foundIndex = foundId ? messages.findIndex((m) => m.id === foundId) : -1;
  useEffect(() => {
    if (foundIndex < 0) return;
    atBottom.current = false;
    list.current?.scrollToIndex({ index: foundIndex, align: 'center' });
  }, [foundIndex]);

  // A reply grows the last message, not the number of messages: follow it while at the bottom.
  const onHeightChanged = useCallback(() => {
    if (streaming && atBottom.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [streaming]);

  return (
    <>
      <Virtuoso
        ref={list}
        className="iv-chat-list"
        data={messages}
        firstItemIndex={FIRST_INDEX - prepended}
        // Scrolled to the first message on screen: the page before it (a failed one waits for a click).
        startReached={() => {
          if (older === 'available') onLoadOlder();
        }}
        context={{ older, onLoadOlder }}
        computeItemKey={(_index, message) => message.id}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        followOutput={(bottom) => (bottom ? 'auto' : false)}
        atBottomThreshold={AT_BOTTOM_PX}
        atBottomStateChange={(bottom) => {
          atBottom.current = bottom;
        }}
        totalListHeightChanged={onHeightChanged}
        increaseViewportBy={{ top: 400, bottom: 400 }}
        // Sizes measured are applied in the same frame, not the next: opening at the end takes
        // several measure passes, each of which otherwise waited for an animation frame.
        skipAnimationFrameInResizeObserver
        itemContent={(_index, message) => (
          <MessageBubble
            message={message}
            attachments={attachmentsByMessage.get(message.id)}
            onRetry={onRetry}
            retryDisabled={busy}
            proposedGoal={goals.get(message.id)}
            onEdit={message.id === revisable.lastUser ? onEdit : undefined}
            onRegenerate={message.id === revisable.lastReply ? onRegenerate : undefined}
            onShowVersion={busy ? undefined : onShowVersion}
            found={message.id === foundId}
          />
        )}
        components={{ Header: ListStart, Footer: ListEnd }}
        role="region"
        aria-label={t('conversation.label')}
        aria-busy={streaming || undefined}
        tabIndex={0}
      />
      <OlderAnnouncement older={older} />
    </>
  );
}

/** Above the first message: a small spinner while older messages are read, a retry if that failed. */
function ListStart({ context }: { context?: ListContext }) {
  const { t } = useTranslation('chat');
  if (context?.older === 'loading')
    return (
      <div className="iv-chat-list__start" data-testid="older-loading">
        <Spinner size="sm" />
        <span>{t('conversation.loadingOlder')}</span>
      </div>
    );
  if (context?.older === 'failed')
    return (
      <div className="iv-chat-list__start">
        <span>{t('conversation.olderFailed')}</span>
        <Button size="sm" variant="secondary" onClick={context.onLoadOlder}>
          {t('conversation.retry')}
        </Button>
      </div>
    );
  return <div className="iv-chat-list__start iv-chat-list__start--empty" />;
}

/**
 * What screen readers hear of older pages: one polite region that stays in the page (a region
 * that appears with its text is often not read), told when a page is being read and when it came.
 */
function OlderAnnouncement({ older }: { older: OlderMessages }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const previous = useRef(older);
  useEffect(() => {
    const was = previous.current;
    previous.current = older;
    if (older === 'loading') setText(t('conversation.loadingOlder'));
    else if (was === 'loading' && older === 'failed') setText(t('conversation.olderFailed'));
    else if (was === 'loading') setText(t('conversation.olderLoaded'));
  }, [older, t]);
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {text}
    </VisuallyHidden>
  );
}

// Room under the last message so it does not touch the composer.
function ListEnd() {
  return <div className="iv-chat-list__end" />;
}
