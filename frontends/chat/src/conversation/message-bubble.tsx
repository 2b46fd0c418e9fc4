import { Button, useToast } from '@innerview/ui';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageAttachments, type SentAttachment } from '../attachments/index.ts';
import { CheckIcon, CopyIcon, RetryIcon } from '../icons.tsx';
import type { ChatMessage, MessageError } from './conversation-state.ts';
import { MarkdownText } from './markdown.tsx';
import { failureKey, isAccessCode } from './reply-failure.ts';

/** Where a subscription refusal sends the person to act on it. */
export const UPGRADE_PATH = '/pricing';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({ title: t('message.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <button
      type="button"
      className="iv-chat-message__action"
      onClick={() => void copy()}
      aria-label={copied ? t('message.copied') : t('message.copy')}
      title={copied ? t('message.copied') : t('message.copy')}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}

/** A refused or failed reply: the reason in words, and for a subscription refusal the way to upgrade. */
export function FailureText({ error }: { error: MessageError }) {
  const { t } = useTranslation('chat');
  if (isAccessCode(error.code)) {
    const reason = error.reason ?? error.code;
    return (
      <div className="iv-chat-message__failure" role="alert">
        <p>{t(`access.${reason}`, { defaultValue: t(`access.${error.code}`) })}</p>
        <Link className="iv-chat-message__upgrade" to={UPGRADE_PATH}>
          {t('access.upgrade')}
        </Link>
      </div>
    );
  }
  return (
    <p className="iv-chat-message__failure" role="alert">
      {t(`errors.${failureKey(error)}`)}
    </p>
  );
}

type MessageBubbleProps = {
  message: ChatMessage;
  attachments: SentAttachment[] | undefined;
  onRetry: (userMessageId: string) => void;
  retryDisabled: boolean;
};

/**
 * One message: the person's text as written, or the coach's reply as safe Markdown (streaming in,
 * with a writing indicator); copy; a failed message offers a retry.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  attachments,
  onRetry,
  retryDisabled,
}: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const mine = message.role === 'user';
  const writing = message.isStreaming && !message.failed;
  const failedReply = !mine && message.failed;
  return (
    <article
      className={`iv-chat-message iv-chat-message--${message.role}`}
      aria-label={mine ? t('message.fromYou') : t('message.fromCoach')}
      data-message-id={message.id}
      data-streaming={writing || undefined}
      data-failed={message.failed || undefined}
      data-stopped={message.stopped || undefined}
    >
      <div className="iv-chat-message__bubble">
        {attachments && attachments.length > 0 && <MessageAttachments attachments={attachments} />}
        {mine ? (
          <p className="iv-chat-message__text">{message.content}</p>
        ) : message.content !== '' ? (
          <MarkdownText text={message.content} />
        ) : writing ? (
          <p className="iv-chat-message__writing">
            <span className="iv-chat-typing" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('message.writing')}
          </p>
        ) : null}
        {!mine && message.stopped && !message.failed && (
          <p className="iv-chat-message__stopped">{t('message.stopped')}</p>
        )}
        {failedReply && message.error && <FailureText error={message.error} />}
        {failedReply && !message.error && <FailureText error={{ code: 'SERVER_ERROR', message: '' }} />}
      </div>
      <div className="iv-chat-message__actions">
        {mine && message.failed && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onRetry(message.id)}
            disabled={retryDisabled}
            className="iv-chat-message__retry"
          >
            <RetryIcon /> {t('message.retry')}
          </Button>
        )}
        {mine && message.failed && (
          <span className="iv-chat-message__not-sent">{t('message.notAnswered')}</span>
        )}
        {message.content !== '' && !writing && !failedReply && <CopyButton text={message.content} />}
      </div>
    </article>
  );
});
