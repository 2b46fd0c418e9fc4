import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page title · Innerview" in the tab, as the shell's own screens do. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
