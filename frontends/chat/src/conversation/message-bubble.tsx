import { Button, useToast } from '@innerview/ui';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageAttachments, type SentAttachment } from '../attachments/index.ts';
import { CheckIcon, CopyIcon, EditIcon, RetryIcon } from '../icons.tsx';
import { AddGoal } from './add-goal.tsx';
import type { ChatMessage, MessageError } from './conversation-state.ts';
import { MarkdownText } from './markdown.tsx';
import { MessageEditor } from './message-editor.tsx';
import { VersionSwitcher } from './message-versions.tsx';
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
  /** A goal the reply offers to keep (docs/product.md#goals): "Add as goal" under it. */
  proposedGoal?: string;
  /** The person's last message may be edited (ADR 0058). */
  onEdit?: (text: string) => void;
  /** The last reply may be written again. */
  onRegenerate?: () => void;
  /** Shows another version of an edited message or a regenerated reply. */
  onShowVersion?: (message: ChatMessage, index: number) => void;
  /** The message a search result opened: scrolled to, marked and focused. */
  found?: boolean;
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
  proposedGoal,
  onEdit,
  onRegenerate,
  onShowVersion,
  found,
}: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    if (found) article.current?.focus({ preventScroll: true });
  }, [found]);
  const mine = message.role === 'user';
  const canEdit = onEdit && !message.earlier;
  const canRegenerate = onRegenerate && !message.earlier;
  const writing = message.isStreaming && !message.failed;
  const failedReply = !mine && message.failed;
  return (
    <article
      ref={article}
      className={`iv-chat-message iv-chat-message--${message.role}${found ? ' iv-chat-message--found' : ''}`}
      aria-label={`${mine ? t('message.fromYou') : t('message.fromCoach')}${found ? ` (${t('message.found')})` : ''}`}
      tabIndex={found ? -1 : undefined}
      data-found={found || undefined}
      data-earlier={message.earlier || undefined}
      data-message-id={message.id}
      data-streaming={writing || undefined}
      data-failed={message.failed || undefined}
      data-stopped={message.stopped || undefined}
    >
      <div className="iv-chat-message__bubble">
        {attachments && attachments.length > 0 && <MessageAttachments attachments={attachments} />}
        {mine && editing && onEdit ? (
          <MessageEditor
            initial={message.content}
            onCancel={() => {
              setEditing(false);
              setTimeout(() => editButton.current?.focus(), 0);
            }}
            onSave={(text) => {
              setEditing(false);
              onEdit(text);
            }}
          />
        ) : mine ? (
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
        {proposedGoal && <AddGoal title={proposedGoal} />}
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
        {message.version && onShowVersion && !writing && (
          <VersionSwitcher
            index={message.version.index}
            count={message.version.count}
            onShow={(index) => onShowVersion(message, index)}
          />
        )}
        {message.content !== '' && !writing && !failedReply && !editing && (
          <CopyButton text={message.content} />
        )}
        {canEdit && !editing && (
          <button
            ref={editButton}
            type="button"
            className="iv-chat-message__action"
            onClick={() => setEditing(true)}
            aria-label={t('message.edit')}
            title={t('message.edit')}
            data-testid="edit-message"
          >
            <EditIcon />
          </button>
        )}
        {canRegenerate && (
          <button
            type="button"
            className="iv-chat-message__action"
            onClick={onRegenerate}
            aria-label={t('message.regenerateLabel')}
            title={t('message.regenerate')}
            data-testid="regenerate-reply"
          >
            <RetryIcon />
          </button>
        )}
      </div>
    </article>
  );
});
