import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page title · Innerview" in the tab, so screen-reader users and tab lists know where they are. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
