import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PATHS } from '../routing/paths.ts';
import { LanguageLinks } from './language-links.tsx';

/** Frame of the screens outside the main layout: brand on top, legal links and languages at the bottom. */
export function PublicFrame() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="iv-shell-public">
      <a className="iv-shell-skip-link" href="#main">
        {t('shell:layout.skipToContent')}
      </a>
      <header className="iv-shell-public__header">
        <Link to={PATHS.root} className="iv-shell-brand">
          {t('common:appName')}
        </Link>
      </header>
      <main id="main" className="iv-shell-public__main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="iv-shell-public__footer">
        <nav aria-label={t('shell:layout.legalNavigation')}>
          <Link to={PATHS.termsOfService}>{t('shell:screens.termsOfService')}</Link>
          <Link to={PATHS.privacyPolicy}>{t('shell:screens.privacyPolicy')}</Link>
        </nav>
        <LanguageLinks />
      </footer>
    </div>
  );
}
