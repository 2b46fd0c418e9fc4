import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { SentAttachment } from '../attachments/index.ts';
import type { ChatMessage } from './conversation-state.ts';
import { MessageBubble } from './message-bubble.tsx';

type MessageListProps = {
  messages: ChatMessage[];
  attachmentsByMessage: Map<string, SentAttachment[]>;
  streaming: boolean;
  busy: boolean;
  onRetry: (userMessageId: string) => void;
};

// How close to the end still counts as "at the bottom" (a few pixels of rounding, a short line).
const AT_BOTTOM_PX = 48;

/**
 * The messages, virtualised (only those in view are in the page), so a session of 1,000 messages
 * opens at its end at once and scrolls smoothly. Pinned to the bottom while a reply streams in,
 * unless the person scrolled up to read.
 */
export function MessageList({ messages, attachmentsByMessage, streaming, busy, onRetry }: MessageListProps) {
  const { t } = useTranslation('chat');
  const list = useRef<VirtuosoHandle>(null);
  const atBottom = useRef(true);

  // A reply grows the last message, not the number of messages: follow it while at the bottom.
  const onHeightChanged = useCallback(() => {
    if (streaming && atBottom.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [streaming]);

  return (
    <Virtuoso
      ref={list}
      className="iv-chat-list"
      data={messages}
      computeItemKey={(_index, message) => message.id}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      followOutput={(bottom) => (bottom ? 'auto' : false)}
      atBottomThreshold={AT_BOTTOM_PX}
      atBottomStateChange={(bottom) => {
        atBottom.current = bottom;
      }}
      totalListHeightChanged={onHeightChanged}
      increaseViewportBy={{ top: 400, bottom: 400 }}
      itemContent={(_index, message) => (
        <MessageBubble
          message={message}
          attachments={attachmentsByMessage.get(message.id)}
          onRetry={onRetry}
          retryDisabled={busy}
        />
      )}
      components={{ Footer: ListEnd }}
      role="region"
      aria-label={t('conversation.label')}
      aria-busy={streaming || undefined}
      tabIndex={0}
    />
  );
}

// Room under the last message so it does not touch the composer.
function ListEnd() {
  return <div className="iv-chat-list__end" />;
}
