import { useTranslation } from 'react-i18next';

/**
 * The 'files attached' label sent as the text of a files-only message (docs/product.md#chat-messages), translated. It
 * is an ordinary visible message; the files themselves are named by the chat service's hidden
 * paperclip note.
 */
export function useFilesAttachedLabel(): string {
  const { t } = useTranslation('attachments');
  return t('filesAttached');
}
