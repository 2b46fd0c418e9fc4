import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { PATHS } from '../routing/paths.ts';
import { LogoutButton } from '../screens/auth/logout-button.tsx';
import { SubscriptionNotices } from './subscription-notices.tsx';

const NAV_ITEMS = [
  { to: PATHS.chat, key: 'layout.chat' },
  { to: PATHS.profile, key: 'layout.profile' },
  { to: PATHS.settings, key: 'layout.settings' },
  { to: PATHS.help, key: 'layout.help' },
] as const;

/**
 * The main authenticated layout (spec §2, catch-all route): a top bar with the areas of the app
 * and log out, the subscription notices (trial ending, payment overdue), and the area itself
 * below, loaded from the chat or account remote.
 */
export function MainLayout() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="iv-shell-app">
      <a className="iv-shell-skip-link" href="#main">
        {t('shell:layout.skipToContent')}
      </a>
      <header className="iv-shell-app__header">
        <Link to={PATHS.chat} className="iv-shell-brand">
          {t('common:appName')}
        </Link>
        <nav className="iv-shell-app__nav" aria-label={t('shell:layout.mainNavigation')}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} className="iv-shell-app__nav-link">
              {t(`shell:${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <LogoutButton />
      </header>
      <SubscriptionNotices />
      <main id="main" className="iv-shell-app__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
