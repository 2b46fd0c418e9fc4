import './attachments.css';
import { classNames } from '@innerview/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons.tsx';
import { FileSummary } from './file-chip.tsx';
import type { SelectedAttachment } from './types.ts';

/**
 * The files chosen for the next message, above the message box: name, format and size, the
 * upload's state (a progress bar while uploading, the reason when it failed), and a remove button
 * until it is sent. The state is announced politely to screen readers.
 */
export function SelectedAttachments({
  attachments,
  onRemove,
  disabled,
}: {
  attachments: SelectedAttachment[];
  onRemove(key: string): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('attachments');
  if (attachments.length === 0) return null;
  return (
    <div className="iv-attachments-selected">
      <p className="iv-visually-hidden" aria-live="polite">
        {liveSummary(attachments, t)}
      </p>
      <ul className="iv-attachments iv-attachments--selected" aria-label={t('selectedLabel')}>
        {attachments.map((a) => {
          const percent = Math.round(a.progress * 100);
          return (
            <li
              key={a.key}
              className={classNames('iv-attachment', `iv-attachment--${a.status}`)}
              data-status={a.status}
            >
              <FileSummary name={a.name} size={a.size} type={a.type} />
              <span className="iv-attachment__status">
                {a.status === 'uploading'
                  ? t('status.uploading', { percent })
                  : a.status === 'error'
                    ? `${t('status.error')}${a.error ? ` – ${a.error}` : ''}`
                    : t(`status.${a.status}`)}
              </span>
              {a.status === 'uploading' && (
                <progress
                  className="iv-attachment__progress"
                  max={100}
                  value={percent}
                  aria-label={t('progressLabel', { name: a.name })}
                />
              )}
              {a.status !== 'uploading' && (
                <button
                  type="button"
                  className="iv-attachment__remove"
                  onClick={() => onRemove(a.key)}
                  disabled={disabled}
                  aria-label={t('remove', { name: a.name })}
                  title={t('remove', { name: a.name })}
                >
                  <CloseIcon />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One sentence for screen readers on the uploads as a whole (not every percent). */
function liveSummary(attachments: SelectedAttachment[], t: TFunction<'attachments'>): string {
  const failed = attachments.filter((a) => a.status === 'error');
  if (failed.length > 0) return t('live.error', { names: failed.map((a) => a.name).join(', ') });
  const count = attachments.length;
  if (attachments.some((a) => a.status === 'uploading')) return t('live.uploading', { count });
  if (attachments.every((a) => a.status === 'uploaded')) return t('live.uploaded', { count });
  return t('live.selected', { count });
}
