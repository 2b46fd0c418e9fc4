import './attachments.css';
import { useTranslation } from 'react-i18next';
import { FileSummary } from './file-chip.tsx';
import type { SentAttachment } from './types.ts';

/** The files a sent message carried (from the send, or from the transcript's hidden note). */
export function MessageAttachments({ attachments }: { attachments: SentAttachment[] }) {
  const { t } = useTranslation('attachments');
  if (attachments.length === 0) return null;
  return (
    <ul
      className="iv-attachments iv-attachments--sent"
      aria-label={t('sentLabel', { count: attachments.length })}
    >
      {attachments.map((a) => (
        <li key={a.id} className="iv-attachment iv-attachment--sent">
          <FileSummary name={a.name} size={a.size} type={a.type} />
        </li>
      ))}
    </ul>
  );
}
