import { useTranslation } from 'react-i18next';

/** The 'files attached' label sent as the text of a files-only message (translated). */
export function useFilesAttachedLabel(): string {
  const { t } = useTranslation('attachments');
  return t('filesAttached');
}
