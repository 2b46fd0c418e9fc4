// The account remote on its own (`npm run dev -w frontends/account`): the exposed screens
// inside the same providers the shell gives them, for developing them without the shell. Not used
// when the shell loads the remote (only the exposed modules are fetched then).
import '@innerview/ui/styles.css';
import { AppProviders, createStore } from '@innerview/api-client';
import { initI18n } from '@innerview/i18n';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import GoalsPage from './goals-page.tsx';
import HelpHubPage from './help-hub-page.tsx';
import ProfilePage from './profile-page.tsx';
import SettingsPage from './settings-page.tsx';

function StandaloneAccount() {
  const { t } = useTranslation('account');
  return (
    <>
      <nav aria-label={t('standalone.navigation')} style={{ display: 'flex', gap: '1rem', padding: '1rem' }}>
        <NavLink to="/profile">{t('profile.title')}</NavLink>
        <NavLink to="/settings">{t('settings.title')}</NavLink>
        <NavLink to="/help">{t('help.title')}</NavLink>
        <NavLink to="/goals">{t('goals:title')}</NavLink>
      </nav>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/help" element={<HelpHubPage />} />
        <Route path="/goals" element={<GoalsPage />} />
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Routes>
    </>
  );
}

async function main() {
  const i18n = await initI18n({
    namespaces: ['account', 'help', 'goals', 'common'],
    defaultNS: 'account',
    loadPath: (lng, ns) => `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`,
  });
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createStore()} i18n={i18n}>
      <BrowserRouter>
        <StandaloneAccount />
      </BrowserRouter>
    </AppProviders>,
  );
}

void main();
