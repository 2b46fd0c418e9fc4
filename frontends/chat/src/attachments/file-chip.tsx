import { useTranslation } from 'react-i18next';
import { DocumentIcon, ImageIcon } from '../icons.tsx';
import { formatFileSize } from './format-size.ts';
import { fileKindLabel, isImage } from './limits.ts';

/** A file's icon, name and details (format and size when known): shared by selected and sent files. */
export function FileSummary({ name, size, type }: { name: string; size?: number; type?: string }) {
  const { i18n } = useTranslation('attachments');
  const kind = fileKindLabel(name, type ?? '');
  const details = [kind, size === undefined ? null : formatFileSize(size, i18n.resolvedLanguage ?? 'en')]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <span className="iv-attachment__icon">
        {isImage(name, type ?? '') ? <ImageIcon /> : <DocumentIcon />}
      </span>
      <span className="iv-attachment__text">
        <span className="iv-attachment__name" title={name}>
          {name}
        </span>
        {details && <span className="iv-attachment__details">{details}</span>}
      </span>
    </>
  );
}
