import { Button } from '@innerview/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The inline editor of the person's last message: the text to change, Save (or Enter) sends it,
 * Cancel (or Escape) leaves the message as it was. Shift+Enter is a new line, as in the composer.
 */
export function MessageEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(initial);
  const id = useId();
  const empty = text.trim() === '';
  return (
    <form
      className="iv-chat-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) onSave(text);
      }}
    >
      <label htmlFor={id} className="iv-chat-editor__label">
        {t('message.editLabel')}
      </label>
      <textarea
        id={id}
        className="iv-chat-editor__input"
        value={text}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        // biome-ignore lint/a11y/noAutofocus: the person asked to edit this text; focus goes where they type
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (!empty) onSave(text);
          }
        }}
      />
      <div className="iv-chat-editor__buttons">
        <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
          {t('message.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={empty}>
          {t('message.save')}
        </Button>
      </div>
    </form>
  );
}
