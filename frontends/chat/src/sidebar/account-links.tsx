import { useLogOut } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const LINKS = [
  { to: '/help', key: 'links.help' },
  { to: '/profile', key: 'links.profile' },
  { to: '/settings', key: 'links.settings' },
] as const;

/** Help hub, my profile, settings and log out, at the foot of the sidebar. */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('sidebar');
  const { logOut, busy } = useLogOut();

  return (
    <nav className="iv-sidebar-links" aria-label={t('links.label')}>
      <ul className="iv-sidebar-links__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="iv-sidebar-links__link" onClick={onNavigate}>
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        block
        className="iv-sidebar-links__logout"
        loading={busy}
        onClick={() => void logOut()}
      >
        {t('links.logout')}
      </Button>
    </nav>
  );
}
