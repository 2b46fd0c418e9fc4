import { Icon } from '@innerview/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { InstallOfferBanner } from '../pwa/install-offer-banner.tsx';
import { PATHS } from '../routing/paths.ts';
import { LogoutButton } from '../screens/auth/logout-button.tsx';
import { SubscriptionNotices } from './subscription-notices.tsx';

const NAV_ITEMS = [
  { to: PATHS.chat, key: 'layout.chat' },
  { to: PATHS.goals, key: 'layout.goals' },
  { to: PATHS.profile, key: 'layout.profile' },
  { to: PATHS.settings, key: 'layout.settings' },
  { to: PATHS.help, key: 'layout.help' },
] as const;

/**
 * The main authenticated layout (docs/product.md#routes, catch-all route): a top bar with the areas of the app
 * and log out, the subscription notices (trial ending, payment overdue), and the area itself
 * below, loaded from the chat or account remote.
 *
 * On a phone the bar is one row: the areas and log out sit behind a "Menu" disclosure button
 * (CSS shows the button and hides the panel until it is open; on wider screens the button is
 * hidden and the panel is the rest of the row). Escape closes it and puts focus back on the
 * button; a tap outside or a new page closes it.
 *
 * One navigation per size (ADR 60): the chat area below 768 px has its own compact header whose
 * one menu carries the chat's items and these links too, so there this bar is not shown once the
 * chat has loaded (shell.css) and a phone never shows two menus.
 */
export function MainLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    <div className="iv-shell-app">
      <a className="iv-shell-skip-link" href="#main">
        {t('shell:layout.skipToContent')}
      </a>
      <header ref={headerRef} className="iv-shell-app__header" data-menu-open={menuOpen || undefined}>
        <Link to={PATHS.chat} className="iv-shell-brand">
          {t('common:appName')}
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="iv-shell-app__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('shell:layout.menu')}
          <Icon className="iv-shell-app__menu-chevron">
            <path d="m6 9 6 6 6-6" />
          </Icon>
        </button>
        <div id={menuId} className="iv-shell-app__menu">
          <nav className="iv-shell-app__nav" aria-label={t('shell:layout.mainNavigation')}>
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.to} to={item.to} className="iv-shell-app__nav-link">
                {t(`shell:${item.key}`)}
              </NavLink>
            ))}
          </nav>
          <LogoutButton />
        </div>
      </header>
      <SubscriptionNotices />
      <InstallOfferBanner />
      <main id="main" className="iv-shell-app__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
