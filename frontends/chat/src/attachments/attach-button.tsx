import './attachments.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperclipIcon } from '../icons.tsx';
import { ACCEPTED_FILES } from './limits.ts';

/**
 * The paperclip button of the message box: opens the file picker (several files, the accepted
 * types). A native button, so Enter and Space work and it has a name for screen readers.
 */
export function AttachButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const { t } = useTranslation('attachments');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="iv-attach-button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        title={t('attach')}
      >
        <PaperclipIcon />
        <span className="iv-visually-hidden">{t('attach')}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        hidden
        tabIndex={-1}
        data-testid="attachment-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again still counts as a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
