import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachButton, SelectedAttachments, type UseAttachments } from '../attachments/index.ts';
import { SendIcon, StopIcon } from '../icons.tsx';
import type { SendResult } from './use-conversation.ts';

type ComposerProps = {
  attachments: UseAttachments;
  /** A message is going out or a reply is streaming: the box waits, Stop is offered. */
  busy: boolean;
  /** A reply can be stopped (it is streaming, or about to). */
  canStop: boolean;
  onSend: (text: string) => Promise<SendResult>;
  onStop: () => void;
  /** Whether the person has words in the box or a message going out (a new chat is then theirs). */
  onWriting?: (writing: boolean) => void;
};

// The box grows with its text up to this many pixels, then scrolls.
const MAX_HEIGHT_PX = 200;

/**
 * The message box (docs/product.md#chat-screen, docs/product.md#input-rules): Enter sends, Shift+Enter starts a new line, empty messages are
 * ignored, the text is trimmed; it waits while a message is being sent; Stop ends a reply.
 */
export function Composer({ attachments, busy, canStop, onSend, onStop, onWriting }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // Measured at its natural height each time the text changes, then capped.
    void text;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  // When a reply ends, the box is ready for the next message (if the person was not elsewhere).
  useEffect(() => {
    if (!busy && document.activeElement === document.body) box.current?.focus();
  }, [busy]);

  const submit = async () => {
    if (busy) return;
    const draft = text;
    if (draft.trim() === '' && attachments.attachments.length === 0) return;
    setText('');
    const result = await onSend(draft);
    // Not sent (no token, an upload failed): the words come back, nothing is lost.
    if (result !== 'sent') setText((current) => (current === '' ? draft : current));
    else onWriting?.(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="iv-chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectedAttachments
        attachments={attachments.attachments}
        onRemove={attachments.remove}
        disabled={busy}
      />
      <div className="iv-chat-composer__row">
        <AttachButton onFiles={attachments.add} disabled={busy} />
        <label className="iv-chat-composer__field">
          <span className="iv-visually-hidden">{t('composer.label')}</span>
          <textarea
            ref={box}
            className="iv-chat-composer__input"
            rows={1}
            value={text}
            placeholder={t('composer.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              onWriting?.(event.target.value.trim() !== '');
            }}
            onKeyDown={onKeyDown}
            readOnly={busy}
            aria-disabled={busy || undefined}
            aria-describedby={hintId}
            enterKeyHint="send"
          />
        </label>
        {canStop ? (
          <button
            type="button"
            className="iv-chat-composer__button iv-chat-composer__button--stop"
            onClick={onStop}
          >
            <StopIcon />
            <span className="iv-visually-hidden">{t('composer.stop')}</span>
          </button>
        ) : (
          <button
            type="submit"
            className="iv-chat-composer__button"
            disabled={busy || (text.trim() === '' && attachments.attachments.length === 0)}
          >
            <SendIcon />
            <span className="iv-visually-hidden">{t('composer.send')}</span>
          </button>
        )}
      </div>
      {/* Always in view, in every conversation (EU AI Act art. 50, California SB 243). */}
      <p className="iv-chat-composer__notice" data-testid="ai-notice">
        {t('composer.aiNotice')}
      </p>
      <p id={hintId} className="iv-chat-composer__hint">
        {t('composer.hint')}
      </p>
    </form>
  );
}
